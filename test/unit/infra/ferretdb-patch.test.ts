import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper of the npm scripts
import { FERRETDB_PATCH_LEVEL, patchFerretDBSource } from '../../../scripts/lib/ferretdb-patch.mjs';

const METADATA = 'internal/backends/sqlite/metadata/metadata.go';
const COLLECTION = 'internal/backends/sqlite/collection.go';
const HANDLER = 'internal/handler/handler.go';
const WRITES = ['update', 'findandmodify', 'delete', 'insert'].map(
  (c) => `internal/handler/msg_${c}.go`,
);

/** The start of the SQLite collection's Query, where the `_id` is pushed down. */
const QUERY_BEFORE =
  '\tq := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)\n\n' +
  '\tvar whereClause string\n\tvar args []any\n\n' +
  '\t// that logic should exist in one place\n' +
  '\t// TODO https://github.com/FerretDB/FerretDB/issues/3235\n' +
  '\tif params.Filter.Len() == 1 {\n';

const EXPLAIN_BEFORE =
  '\tvar filterPushdown bool\n' + QUERY_BEFORE.slice(QUERY_BEFORE.indexOf('\tvar where'));

/** Just enough of each file the patch changes, around the text it looks for. */
const ORIGINAL: Record<string, string> = {
  [METADATA]: `const (\n\tIDColumn = DefaultColumn + "->'$._id'"\n\tRecordIDColumn = "x"\n)\n`,
  [COLLECTION]:
    QUERY_BEFORE +
    EXPLAIN_BEFORE +
    'func (c *collection) UpdateAll() {\n' +
    '\t\t\tr, err := tx.ExecContext(ctx, q, string(b), arg)\n' +
    '\t\t\tif err != nil {\n',
  [HANDLER]:
    'type Handler struct {\n' +
    '\tcleanupCappedCollectionsBytes *prometheus.CounterVec\n}\n\n// NewOpts represents\n',
  ...Object.fromEntries(
    WRITES.map((f) => [
      f,
      'func (h *Handler) Write() {\n\tdb, err := h.b.Database(params.DB)\n\tif err != nil {\n',
    ]),
  ),
};

/** A source tree holding only the files the patch changes, with the given texts. */
function sourceWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ferretdb-src-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('FerretDB source patch', () => {
  it('is at level 3, so a binary built with fewer changes is rebuilt', () => {
    expect(FERRETDB_PATCH_LEVEL).toBe(3);
  });

  it('looks a document up by its `_id` also when the filter has other keys', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const collection = read(dir, COLLECTION);
    expect(collection).toContain('\tif params.Filter.Len() >= 1 {\n');
    expect(collection).not.toContain('Filter.Len() == 1');
  });

  it("writes `_id` statements with the index's own expression", () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    expect(read(dir, METADATA)).toBe(
      'const (\n\tIDColumn = DefaultColumn + `->"_id"`\n\tRecordIDColumn = "x"\n)\n',
    );
  });

  it('holds a lock per database around each whole write command', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const handler = read(dir, HANDLER);
    expect(handler).toContain('\tdbLocks sync.Map // database name -> *sync.Mutex\n}\n');
    expect(handler).toContain('func (h *Handler) lockDB(db string) func() {');
    expect(handler).toContain('h.dbLocks.LoadOrStore(db, new(sync.Mutex))');
    expect(handler).toMatch(/\n\/\/ NewOpts represents\n$/);
    for (const file of WRITES)
      expect(read(dir, file)).toBe(
        'func (h *Handler) Write() {\n\tdefer h.lockDB(params.DB)()\n\n' +
          '\tdb, err := h.b.Database(params.DB)\n\tif err != nil {\n',
      );
  });

  it('answers 11000 for an update that breaks a unique index, as for an insert', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    expect(read(dir, COLLECTION).slice(read(dir, COLLECTION).indexOf('func'))).toBe(
      'func (c *collection) UpdateAll() {\n' +
        '\t\t\tr, err := tx.ExecContext(ctx, q, string(b), arg)\n' +
        '\t\t\tif se := (*sqlite3.Error)(nil); errors.As(err, &se) && ' +
        'se.Code() == sqlite3lib.SQLITE_CONSTRAINT_UNIQUE {\n' +
        '\t\t\t\treturn backends.NewError(backends.ErrorCodeInsertDuplicateID, err)\n' +
        '\t\t\t}\n' +
        '\t\t\tif err != nil {\n',
    );
  });

  it('refuses a source that is not the one it was written for, patched ones included', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    expect(() => patchFerretDBSource(dir)).toThrow(/FerretDB source changed/);
    expect(() =>
      patchFerretDBSource(sourceWith({ ...ORIGINAL, [METADATA]: 'package metadata\n' })),
    ).toThrow(/expected one "IDColumn = DefaultColumn \+ "->'\$\._id'"" in internal/);
  });

  it.each([HANDLER, COLLECTION, ...WRITES])(
    'refuses a source whose %s lacks its anchor or has it twice, and writes nothing',
    (file) => {
      const original = ORIGINAL[file] ?? '';
      for (const text of ['package handler\n', original + original]) {
        const dir = sourceWith({ ...ORIGINAL, [file]: text });
        expect(() => patchFerretDBSource(dir)).toThrow(
          new RegExp(`FerretDB source changed: expected one .* in ${file}$`, 's'),
        );
        for (const other of Object.keys(ORIGINAL))
          expect(read(dir, other)).toBe(other === file ? text : ORIGINAL[other]);
      }
    },
  );

  // The anchors against the real module, when the Go module cache holds it (it does wherever
  // FerretDB was built); the module cache is read-only, so on a copy of the files.
  const MODULE = path.join(
    process.env.GOMODCACHE ?? path.join(homedir(), 'go', 'pkg', 'mod'),
    'github.com/!ferret!d!b/!ferret!d!b@v1.24.2',
  );
  it.skipIf(!existsSync(MODULE))('applies to the real FerretDB v1.24.2 source', () => {
    const files = Object.keys(ORIGINAL).map((f) => [f, readFileSync(path.join(MODULE, f), 'utf8')]);
    const dir = sourceWith(Object.fromEntries(files));
    patchFerretDBSource(dir);
    for (const file of WRITES) expect(read(dir, file)).toContain('defer h.lockDB(params.DB)()');
    expect(read(dir, HANDLER)).toContain('func (h *Handler) lockDB(');
    expect(read(dir, COLLECTION)).toContain('\tif params.Filter.Len() >= 1 {\n');
  });
});

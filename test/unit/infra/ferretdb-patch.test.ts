import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHANGES,
  FERRETDB_PATCH_LEVEL,
  FILES,
  patchFerretDBSource,
  // @ts-expect-error plain ESM helper of the npm scripts
} from '../../../infra/ferretdb/build/ferretdb-patch.mjs';
import {
  DRIVER_CHANGES,
  LIB_CHANGES,
  patchDriverSource,
  patchLibSource,
  // @ts-expect-error plain ESM helper of the npm scripts
} from '../../../infra/ferretdb/build/sqlite-driver-patch.mjs';
// @ts-expect-error plain ESM helper of the npm scripts
import { renameMuslMemcmp } from '../../../infra/ferretdb/build/libc-patch.mjs';

const METADATA = 'internal/backends/sqlite/metadata/metadata.go';
const COLLECTION = 'internal/backends/sqlite/collection.go';
const HANDLER = 'internal/handler/handler.go';
const VALIDATION = 'internal/types/document_validation.go';
const WRITES = ['update', 'findandmodify', 'delete', 'insert'].map(
  (c) => `internal/handler/msg_${c}.go`,
);
const FIND_AND_MODIFY = 'internal/handler/msg_findandmodify.go';
const INSERT = 'internal/handler/msg_insert.go';
const DELETE = 'internal/handler/msg_delete.go';
const UPDATE = 'internal/handler/msg_update.go';
const FSQL_DB = 'internal/util/fsql/db.go';
/** The start of each write command, where the lock is taken. */
const WRITE_START =
  'func (h *Handler) Write() {\n\tdb, err := h.b.Database(params.DB)\n\tif err != nil {\n';

/** The start of the SQLite collection's Query, where the `_id` is pushed down. */
const QUERY_BEFORE =
  '\tq := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)\n\n' +
  '\tvar whereClause string\n\tvar args []any\n\n' +
  '\t// that logic should exist in one place\n' +
  '\t// TODO https://github.com/FerretDB/FerretDB/issues/3235\n' +
  '\tif params.Filter.Len() == 1 {\n';

const EXPLAIN_BEFORE =
  '\tvar filterPushdown bool\n' + QUERY_BEFORE.slice(QUERY_BEFORE.indexOf('\tvar where'));

/** The texts the patch looks for in a file (those `pick` keeps), as one fixture. */
const anchorsOf = (file: string, pick: (to: string) => boolean = () => true) =>
  (CHANGES as { file: string; from: string; to: string; count?: number }[])
    .filter((c) => c.file === file && pick(c.to))
    .flatMap((c) => Array.from({ length: c.count ?? 1 }, () => c.from))
    .join('\n// …\n');
/** The files only the query pushdown (and the partial index option) change. */
const PUSHDOWN_FILES = [
  'internal/backends/collection.go',
  'internal/backends/sqlite/metadata/registry.go',
  'internal/handler/msg_find.go',
  'internal/handler/msg_count.go',
  'internal/handler/msg_aggregate.go',
  'internal/handler/msg_explain.go',
  'internal/handler/msg_createindexes.go',
  'internal/backends/sqlite/metadata/settings.go',
  'internal/backends/sqlite/database.go',
  'internal/backends/sqlite/backend.go',
  'internal/util/resource/resource.go',
  'internal/handler/sjson/sjson.go',
  'internal/handler/common/update.go',
  'internal/util/fsql/db.go',
  'internal/util/fsql/tx.go',
  'internal/handler/handlerparams/extract_params.go',
  'internal/handler/msg_listindexes.go',
  'internal/handler/common/findandmodify.go',
  'internal/backends/sqlite/metadata/pool/uri.go',
  'internal/handler/msg_dropindexes.go',
  'internal/backends/sqlite/sqlite.go',
  'internal/handler/common/update_array_operators.go',
  'internal/handler/common/filter.go',
  'internal/handler/common/update_params.go',
  'internal/clientconn/conn.go',
];

/** Just enough of each file the patch changes, around the text it looks for. */
const ORIGINAL: Record<string, string> = {
  ...Object.fromEntries(PUSHDOWN_FILES.map((f) => [f, anchorsOf(f)])),
  [VALIDATION]: anchorsOf(VALIDATION),
  [METADATA]: `const (\n\tIDColumn = DefaultColumn + "->'$._id'"\n\tRecordIDColumn = "x"\n)\n`,
  [COLLECTION]:
    QUERY_BEFORE +
    EXPLAIN_BEFORE +
    'func (c *collection) UpdateAll() {\n' +
    '\t\t\tr, err := tx.ExecContext(ctx, q, string(b), arg)\n' +
    '\t\t\tif err != nil {\n' +
    anchorsOf(COLLECTION, (to) =>
      /pushdownExplain|insertAll|updateAll|partialWhere|prepareKeyedInsert|ExpireAfterSeconds|for i, doc|duplicateKey\(meta, batch|momentum_indexes|IndexSQLName|^$/.test(
        to,
      ),
    ),
  [HANDLER]:
    'type Handler struct {\n' +
    '\tcleanupCappedCollectionsBytes *prometheus.CounterVec\n}\n\n// NewOpts represents\n' +
    'func New() {\n\tgo func() {\n\t\tdefer h.wg.Done()\n\n\t\th.runCappedCleanup()\n\t}()\n\n\treturn h, nil\n}\n',
  ...Object.fromEntries(WRITES.map((f) => [f, WRITE_START])),
  [INSERT]: WRITE_START + anchorsOf(INSERT, (to) => /duplicateKeyMessage/.test(to)),
  [FIND_AND_MODIFY]:
    WRITE_START +
    anchorsOf(FIND_AND_MODIFY, (to) =>
      /fieldsProjection|project\(res|duplicateKeyMessage|ArrayFilters/.test(to),
    ),
  [DELETE]: WRITE_START + anchorsOf(DELETE, (to) => /execDeleteUpTo|len\(ids\) == max/.test(to)),
  [UPDATE]:
    WRITE_START +
    anchorsOf(UPDATE, (to) => /fsql|slices|closer\.Close|NewMultiCloser|_, _ int32/.test(to)),
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
  it('is at level 22, so a binary built with fewer changes is rebuilt', () => {
    expect(FERRETDB_PATCH_LEVEL).toBe(22);
  });

  it('looks both `$in` and `$nin` up in a set before walking their list (inset.go)', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const filter = read(dir, 'internal/handler/common/filter.go');
    expect(filter.split('found, known := inLookup(fieldValue, arr)').length - 1).toBe(2);
    expect(filter.split('for i := 0; !known && i < arr.Len(); i++ {').length - 1).toBe(2);
    expect(read(dir, 'internal/handler/common/momentum_inset.go')).toContain('func inLookup(');
  });

  it('refuses transactions, `$text` and text indexes before they are answered (refuse.go)', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const conn = read(dir, 'internal/clientconn/conn.go');
    const refused = conn.indexOf('if err = refuseUnsupported(doc, msg, command); err == nil {');
    expect(refused).toBeGreaterThan(-1);
    expect(conn.indexOf('resMsg, err = c.handleOpMsg(connCtx, msg, command)')).toBeGreaterThan(
      refused,
    );
    const indexes = read(dir, 'internal/handler/msg_createindexes.go');
    expect(indexes.indexOf('if kind, ok := order.(string); ok {')).toBeLessThan(
      indexes.indexOf('GetWholeNumberParam(order)'),
    );
    expect(read(dir, 'internal/clientconn/momentum_refuse.go')).toContain(
      'func refuseUnsupported(',
    );
  });

  it('takes `arrayFilters` in update and findAndModify, and expands positional paths (arrayfilters.go)', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    for (const file of [
      'internal/handler/common/update_params.go',
      'internal/handler/common/findandmodify.go',
    ])
      expect(read(dir, file)).toContain('`ferretdb:"arrayFilters,opt"`');
    expect(read(dir, FIND_AND_MODIFY)).toContain('ArrayFilters:       params.ArrayFilters,');
    const update = read(dir, 'internal/handler/common/update.go');
    const checked = update.indexOf('filters, err := readArrayFilters(cmd, param.ArrayFilters');
    const expanded = update.indexOf('expanded, err = expandPositional(cmd, doc, param.Update');
    expect(checked).toBeGreaterThan(-1);
    expect(expanded).toBeGreaterThan(checked);
    expect(read(dir, 'internal/handler/common/momentum_arrayfilters.go')).toContain(
      'func expandPositional(',
    );
  });

  it('takes a long `$or` of equalities on one field as one `$in` (orin.go)', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const filter = read(dir, 'internal/handler/common/filter.go');
    expect(filter).toContain('if merged, ok := types.MergedOr(exprs); ok {');
    expect(read(dir, 'internal/types/momentum_orin.go')).toContain('func MergedOr(');
  });

  it("takes findAndModify's fields: validated before the write, applied to the answer", () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    expect(read(dir, 'internal/handler/common/findandmodify.go')).toContain(
      '`ferretdb:"fields,opt"`',
    );
    const handler = read(dir, FIND_AND_MODIFY);
    const validated = handler.indexOf('project, err := fieldsProjection(params)');
    const written = handler.indexOf('res, err := h.findAndModifyDocument(connCtx, params)');
    const answered = handler.indexOf('if res.value, err = project(res.value); err != nil {');
    expect(validated).toBeGreaterThan(-1);
    expect(written).toBeGreaterThan(validated);
    expect(answered).toBeGreaterThan(written);
  });

  it("runs an update command's statements in one transaction, each read closed with its statement", () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const update = read(dir, UPDATE);
    const scoped = update.indexOf('ctx, scope = fsql.WithCommandScope(ctx)');
    const committed = update.indexOf('if endErr := scope.End(); endErr != nil && err == nil {');
    const loop = update.indexOf('\tfor _, u := range params.Updates {');
    expect(scoped).toBeGreaterThan(update.indexOf('defer h.lockDB(params.DB)()'));
    expect(committed).toBeGreaterThan(scoped);
    expect(loop).toBeGreaterThan(committed);
    // Not with a multi-document statement among them.
    expect(update).toContain(
      '!slices.ContainsFunc(params.Updates, func(u common.Update) bool { return u.Multi })',
    );
    expect(update).not.toContain('defer closer.Close()');
    expect(update).toContain(
      'common.UpdateDocument(ctx, c, "update", iter, &u)\n\t\tcloser.Close()\n',
    );
    const db = read(dir, FSQL_DB);
    expect(db).toContain(
      '\tif s := scopeOf(ctx, db); s != nil { // Momentum: momentum_command.go\n\t\treturn s.statement(ctx, db, f)',
    );
    for (const name of ['QueryContext', 'QueryRowContext', 'ExecContext'])
      expect(db).toContain(
        `\tif tx := scopedTx(ctx, db); tx != nil { // Momentum: momentum_command.go\n\t\treturn tx.${name}(ctx, query, args...)`,
      );
    expect(read(dir, 'internal/util/fsql/tx.go')).not.toContain('scopedTx');
    expect(read(dir, 'internal/backends/sqlite/metadata/pool/uri.go')).toContain(
      'values.Add("_pragma", "temp_store(memory)")',
    );
  });

  it('keeps, lists and honours TTL indexes: a monitor beside the capped cleanup', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    expect(read(dir, HANDLER)).toContain(
      '\t\th.runCappedCleanup()\n\t}()\n\n\th.wg.Add(1)\n\n\tgo func() {\n\t\tdefer h.wg.Done()\n\n\t\th.runTTLMonitor()',
    );
    const create = read(dir, 'internal/handler/msg_createindexes.go');
    expect(create).toContain('\t\tcase "expireAfterSeconds":\n');
    expect(create).toContain('ttlOption(command, &index,');
    expect(create).not.toMatch(/case "expireAfterSeconds", "hidden"/);
    expect(create).toContain('!sameTTL(newIdx, existingIdx)');
    expect(read(dir, 'internal/handler/msg_listindexes.go')).toContain(
      'indexDoc.Set("expireAfterSeconds", *index.ExpireAfterSeconds)',
    );
  });

  it('builds no debug line of a statement at other levels, and drops the connection cancel', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    for (const [file, recv] of [
      ['db.go', 'db'],
      ['tx.go', 'tx'],
    ] as const) {
      const text = read(dir, `internal/util/fsql/${file}`);
      for (const name of ['QueryContext', 'QueryRowContext', 'ExecContext'])
        expect(text).toMatch(
          new RegExp(
            // db's first hands a command scope's statement to its transaction (command.go).
            `\\) ${name}\\(ctx context.Context[^\\n]*\\{\\n${recv === 'db' ? '\\tif tx := scopedTx[^]*?\\n\\n' : ''}\\tif quiet\\(ctx, ${recv}\\.l\\) \\{[^]*?` +
              `${recv}\\.sql(DB|Tx)\\.${name}\\(statementContext\\(ctx\\), query, args\\.\\.\\.\\)[^]*?` +
              '\\tctx = statementContext\\(ctx\\)\\n\\tstart := time.Now\\(\\)\\n',
          ),
        );
    }
    expect(read(dir, 'internal/util/fsql/db.go')).toContain(
      'db.sqlDB.BeginTx(statementContext(ctx), nil)',
    );
  });

  it("parses a parameters struct's tags once: FerretDB's per-call parsers are renamed away", () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const text = read(dir, 'internal/handler/handlerparams/extract_params.go');
    expect(text).toContain('\nfunc lookupFieldTagEachTime(key string, value *reflect.Value)');
    expect(text).toContain('\nfunc checkAllRequiredFieldsPopulatedEachTime(v *reflect.Value,');
    expect(text).not.toMatch(/\nfunc (lookupFieldTag|checkAllRequiredFieldsPopulated)\(/);
  });

  it('tracks transactions and result sets for leaks in debug builds only', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const resource = read(dir, 'internal/util/resource/resource.go');
    for (const name of ['Track', 'Untrack'])
      expect(resource).toContain(
        `func ${name}(obj any, token *Token) {\n\tcheckArgs(obj, token)\n\n` +
          '\tif !debugbuild.Enabled {\n\t\treturn\n\t}\n',
      );
  });

  it('copies its own Go files into the packages they join', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    for (const [file, target] of Object.entries(FILES as Record<string, string>)) {
      const text = read(dir, target);
      expect(text).toBe(readFileSync(path.join('infra/ferretdb/go', file), 'utf8'));
      expect(text).toMatch(
        new RegExp(
          `^// Momentum's addition[^]*\\npackage ${path.basename(path.dirname(target))}\\n`,
        ),
      );
    }
  });

  it("reads a stored document in one pass first, with FerretDB's own decoder behind it", () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    expect(read(dir, 'internal/handler/sjson/sjson.go')).toContain(
      'func Unmarshal(data []byte) (*types.Document, error) {\n\tif doc, ok := unmarshalFast(data); ok {',
    );
    expect(read(dir, 'internal/handler/sjson/momentum_sjson.go')).toContain(
      'func unmarshalFast(data []byte) (*types.Document, bool) {',
    );
  });

  it('hands queries, counts, explains and writes of a non-capped collection to the pushdown', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const collection = read(dir, COLLECTION);
    expect(collection).toContain(
      '\tif !meta.Capped() {\n\t\treturn c.pushdownQuery(ctx, db, meta, params)\n\t}\n',
    );
    expect(collection).toContain('return c.pushdownExplain(ctx, db, meta, params)');
    expect(collection).toContain('func (c *collection) insertAll(');
    expect(collection).toContain('func (c *collection) updateAll(');
    expect(read(dir, 'internal/backends/sqlite/metadata/registry.go')).toMatch(
      /FillKeyColumns\(ctx, db, c.TableName, NewlyKeyed\(c.Settings.Indexes, index\), true\)[^]*\t\tif err := CreateIndex\(ctx, db, c.TableName, index\); err != nil {\n/,
    );
    expect(read(dir, 'internal/handler/msg_find.go')).toContain(
      'qp.Full = &backends.FullQuery{Filter: params.Filter, Sort: params.Sort, Skip: params.Skip, Limit: params.Limit}',
    );
    expect(read(dir, 'internal/handler/msg_find.go')).toContain(
      'p.Sort, p.Skip, p.Limit = nil, 0, 0',
    );
    expect(read(dir, 'internal/handler/msg_count.go')).toContain(
      'countInBackend(connCtx, c, params.Filter',
    );
    expect(read(dir, 'internal/handler/msg_aggregate.go')).toContain(
      'countStages(ctx, c, aggregationStages)',
    );
    expect(read(dir, 'internal/backends/collection.go')).toContain('type FullQuery struct {');
  });

  it('looks a document up by its `_id` also when the filter has other keys', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const collection = read(dir, COLLECTION);
    expect(collection).toContain('\tif params.Filter.Len() >= 1 {\n');
    expect(collection).not.toContain('Filter.Len() == 1');
  });

  it("moves only a stored document's own `_id` first, not an embedded one", () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    expect(read(dir, VALIDATION)).toContain(
      '\tif isTopLevel { // Momentum: an embedded document keeps its order\n\t\td.moveIDToTheFirstIndex()\n\t}\n',
    );
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
    expect(handler).toMatch(/\n\/\/ NewOpts represents\nfunc New\(\) \{\n/);
    const locked =
      'func (h *Handler) Write() {\n\tdefer h.lockDB(params.DB)()\n\n' +
      '\tdb, err := h.b.Database(params.DB)\n\tif err != nil {\n';
    for (const file of WRITES) expect(read(dir, file).slice(0, locked.length)).toBe(locked);
  });

  it("runs the backend's end-of-command work (the log's restart) before the next write command", () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const expected: Array<[string, string]> = [
      [
        HANDLER,
        '\treturn func() {\n\t\tif after := backends.AfterWriteCommand; after != nil {\n' +
          '\t\t\tafter(db)\n\t\t}\n\t\tmu.(*sync.Mutex).Unlock()\n\t}\n',
      ],
      ['internal/backends/momentum_hooks.go', 'var AfterWriteCommand func(dbName string)'],
      [
        'internal/backends/sqlite/momentum_wal.go',
        'backends.AfterWriteCommand = wals.afterWriteCommand',
      ],
      ['internal/util/fsql/db.go', 'func (db *DB) Conn(ctx context.Context) (*sql.Conn, error) {'],
    ];
    for (const [file, text] of expected) expect(read(dir, file)).toContain(text);
  });

  it('answers 11000 for an update that breaks a unique index, as for an insert, naming the index', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const collection = read(dir, COLLECTION);
    expect(collection).toContain(
      'func (c *collection) UpdateAll() {\n' +
        '\t\t\tr, err := tx.ExecContext(ctx, keyedUpdate(meta, doc, prevOf(params, i)), string(b), arg)\n' +
        '\t\t\tif isUniqueViolation(err) {\n' +
        '\t\t\t\treturn duplicateKey(meta, []*types.Document{doc}, err)\n' +
        '\t\t\t}\n' +
        '\t\t\tif err != nil {\n',
    );
    expect(collection).toContain('\t\t\t\t\treturn duplicateKey(meta, batch, err)\n');
    for (const file of [INSERT, FIND_AND_MODIFY, 'internal/handler/msg_createindexes.go'])
      expect(read(dir, file)).toContain('duplicateKeyMessage(');
  });

  it('writes the key columns: inserts and updates through keyed statements, with the values before (arrays and documents copied)', () => {
    const dir = sourceWith(ORIGINAL);
    patchFerretDBSource(dir);
    const collection = read(dir, COLLECTION);
    expect(collection).toContain('q, args, err := prepareKeyedInsert(meta, batch)');
    expect(collection).toContain('for i, doc := range params.Docs {');
    expect(collection).not.toContain('UPDATE %q SET %s = ? WHERE %s = ?');
    const update = read(dir, 'internal/handler/common/update.go');
    // An operator changes arrays and documents in place: the values before are copies.
    expect(update).toContain(
      '\t\tprev := doc.Map()\n\t\tfor k, v := range prev {\n\t\t\tswitch v := v.(type) {\n' +
        '\t\t\tcase *types.Array:\n\t\t\t\tprev[k] = v.DeepCopy()\n' +
        '\t\t\tcase *types.Document:\n\t\t\t\tprev[k] = v.DeepCopy()\n\t\t\t}\n\t\t}\n\n' +
        '\t\tif !param.HasUpdateOperators {',
    );
    expect(update).toContain('Prev: []map[string]any{prev}');
    expect(read(dir, 'internal/backends/collection.go')).toContain('\tPrev []map[string]any\n');
    expect(read(dir, 'internal/handler/msg_createindexes.go')).toContain(
      '\tdefer h.lockDB(dbName)()\n\n\tdb, err := h.b.Database(dbName)\n',
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

describe('SQLite driver patch', () => {
  /** Just the driver's texts the change looks for, each as often as it expects. */
  const driverFixture = () =>
    (DRIVER_CHANGES as { from: string; count: number }[])
      .flatMap((c) => Array.from({ length: c.count }, () => c.from))
      .join('\n// …\n');

  it('keeps compiled statements: prepares through the cache, releases instead of finalizing', () => {
    const text = patchDriverSource(driverFixture());
    expect(text).toContain('\tstmts stmtCache');
    expect(text.match(/s\.c\.prepareCached\(&psql\)/g)).toHaveLength(2);
    expect(text).not.toContain('prepareV2(&psql)');
    expect(text.match(/e := s\.c\.release\(pstmt\)/g)).toHaveLength(4);
    expect(text).not.toMatch(/\.finalize\((r\.)?pstmt\)/);
    expect(text).toContain('return r.c.release(r.pstmt)');
    expect(text).toContain('\t\tc.finalizeKept()\n\n\t\tif err := c.closeV2(c.db)');
  });

  it('refuses a driver that is not the one it was written for', () => {
    expect(() => patchDriverSource('package sqlite\n')).toThrow(/modernc.org\/sqlite changed/);
    expect(() => patchDriverSource(driverFixture() + driverFixture())).toThrow(
      /expected one .* \(found 2\) in sqlite.go/s,
    );
  });
});

describe("SQLite's write-ahead log patch", () => {
  /** Just the texts of walFrames the change looks for, once each. */
  const libFixture = () => (LIB_CHANGES as { from: string }[]).map((c) => c.from).join('\t// …\n');

  it('writes the frames of a call through one batch, sent before the checksums, sync and index', () => {
    const text = patchLibSource(libFixture(), 'sqlite_linux_amd64.go');
    expect(text).toContain('\tvar batch walBatch\n\tdefer batch.release()\n');
    expect(text).toContain('\t\trc = batch.frame(tls, bp, p, nDbSize, iOffset)\n');
    expect(text).not.toContain('_walWriteOneFrame(tls, bp, p, nDbSize, iOffset)');
    expect(text.indexOf('batch.write(tls, bp)')).toBeLessThan(
      text.indexOf('/* Recalculate checksums within the wal file if required. */'),
    );
    expect(text.indexOf('batch.frame(')).toBeLessThan(text.indexOf('batch.write('));
  });

  it('refuses a generated file that is not the one it was written for', () => {
    expect(() => patchLibSource('package sqlite3\n', 'sqlite_linux_arm64.go')).toThrow(
      /modernc.org\/sqlite changed: expected one .* in sqlite_linux_arm64.go/s,
    );
    expect(() => patchLibSource(libFixture() + libFixture())).toThrow(/expected one/);
  });
});

describe('libc patch', () => {
  const musl =
    'func Xmemcmp(tls *TLS, vl uintptr, vr uintptr, n Tsize_t) (r1 int32) {\n\t// musl\n}\n';

  it("moves musl's memcmp out of the way of ours (infra/ferretdb/go/libc/memcmp.go)", () => {
    const text = renameMuslMemcmp(`package libc\n\n${musl}`, 'ccgo_linux_amd64.go');
    expect(text).toContain('func xmemcmpMusl(tls *TLS, vl uintptr, vr uintptr, n Tsize_t)');
    expect(text).not.toContain('func Xmemcmp(');
  });

  it('refuses a libc that is not the one it was written for', () => {
    expect(() => renameMuslMemcmp('package libc\n', 'ccgo_linux_amd64.go')).toThrow(
      /modernc.org\/libc changed: expected one .* in ccgo_linux_amd64.go/s,
    );
  });
});

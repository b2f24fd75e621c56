// The changes we make to FerretDB v1.24.2 before building it.
//
// 1. Its SQLite backend creates each collection's unique `_id` index on the expression
// `_ferretdb_sjson->"_id"` but filters, updates and deletes by `_id` with
// `_ferretdb_sjson->'$._id'`. Both name the same value, yet SQLite matches an expression
// index only on the same expression, so no statement ever used the index: every lookup,
// update and delete by `_id` read the table row by row (at 20,000 documents an updateOne
// took 113–225 ms, a findOne of a late row 114 ms; with the change 1.2–2.2 ms). The change
// writes the statements with the index's own expression. Nothing stored changes, so data
// written by an unpatched build keeps working. Upstream saw the same mismatch on its
// PostgreSQL backend (FerretDB/FerretDB#4646); 1.x gets no more releases.
//
// 2. MongoDB makes every single-document write atomic, and the services rely on it
// (conditional updates, $inc, findOneAndUpdate with a revision guard). FerretDB 1.x runs
// an update, findAndModify or delete as a read, a change in Go and a write, with nothing
// held between them, so concurrent writers lost updates: 20 concurrent `$inc` of one
// document ended at 1–7, and up to 17 of 20 concurrent conditional
// `updateOne({_id, v: 0}, {$set: {v: 1}})` or findOneAndUpdate claims "succeeded". The
// change holds a mutex per database name (each service has its own database, its own
// SQLite file) around the whole of each insert, update, findAndModify and delete command,
// for every connection; reads take none. None of these commands runs another (an upsert
// inserts through the backend), so no lock is taken twice. Inserts take it too: SQLite
// admits one writer per file and a writer that finds it busy sleeps and retries, so 16
// concurrent insertOne stalled (p99 110–130 ms, some 0.7–1.2 s, 1,700–1,800/s); queued
// on the lock they do not (p99 14–20 ms, at most 45 ms, 2,300–2,800/s). Also, an update or
// findAndModify that breaks a unique index fails with MongoDB's 11000 (E11000 duplicate
// key error) as an insert does, instead of 1.
//
// 3. Its SQLite backend looks a document up by its `_id` index only when the filter is
// `{_id}` alone; any other key beside it (`{_id, rev}` — a revision-guarded update —, or
// `{_id, expiresAt: {$lt: now}}`) made it read and decode the whole collection in Go. Top
// level keys of a filter are all required, so the change narrows the SQL to the `_id`
// whenever the filter names one, and Go still applies the whole filter to that row, as it
// always does. At 20,000 documents a guarded `findOneAndUpdate({_id, rev})` took 340 ms
// before and 1 ms after (a `findOne({_id, rev})` 295 ms → 0.9 ms).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Bumped whenever the changes below change, so a binary built before is not reused. */
export const FERRETDB_PATCH_LEVEL = 3;

/** Held from the moment a write command looks up its database until it returns. */
const LOCK_DB = {
  from: '\tdb, err := h.b.Database(params.DB)\n',
  to: '\tdefer h.lockDB(params.DB)()\n\n\tdb, err := h.b.Database(params.DB)\n',
};

const CHANGES = [
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + `->"_id"`',
  },
  {
    file: 'internal/handler/handler.go',
    from: '\tcleanupCappedCollectionsBytes *prometheus.CounterVec\n}\n',
    to: `\tcleanupCappedCollectionsBytes *prometheus.CounterVec

\tdbLocks sync.Map // database name -> *sync.Mutex
}

// lockDB locks the write commands of one database; the returned function unlocks.
func (h *Handler) lockDB(db string) func() {
\tmu, _ := h.dbLocks.LoadOrStore(db, new(sync.Mutex))
\tmu.(*sync.Mutex).Lock()
\treturn mu.(*sync.Mutex).Unlock
}
`,
  },
  { file: 'internal/handler/msg_update.go', ...LOCK_DB },
  { file: 'internal/handler/msg_findandmodify.go', ...LOCK_DB },
  { file: 'internal/handler/msg_delete.go', ...LOCK_DB },
  { file: 'internal/handler/msg_insert.go', ...LOCK_DB },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\t\t\tr, err := tx.ExecContext(ctx, q, string(b), arg)\n',
    to: `\t\t\tr, err := tx.ExecContext(ctx, q, string(b), arg)
\t\t\tif se := (*sqlite3.Error)(nil); errors.As(err, &se) && se.Code() == sqlite3lib.SQLITE_CONSTRAINT_UNIQUE {
\t\t\t\treturn backends.NewError(backends.ErrorCodeInsertDuplicateID, err)
\t\t\t}
`,
  },
  ...[
    '\tq := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)\n\n',
    '\tvar filterPushdown bool\n',
  ].map(
    // Query, and Explain, which says whether a filter was pushed down.
    (before) => ({
      file: 'internal/backends/sqlite/collection.go',
      from: `${before}\tvar whereClause string\n\tvar args []any\n\n\t// that logic should exist in one place\n\t// TODO https://github.com/FerretDB/FerretDB/issues/3235\n\tif params.Filter.Len() == 1 {\n`,
      to: `${before}\tvar whereClause string\n\tvar args []any\n\n\t// an \`_id\` among other keys narrows to one row; the handler applies the rest\n\tif params.Filter.Len() >= 1 {\n`,
    }),
  ),
];

/**
 * Applies the changes to a FerretDB source tree; fails, writing nothing, if the source is
 * not what we expect.
 */
export function patchFerretDBSource(srcDir) {
  const texts = new Map();
  for (const { file, from, to } of CHANGES) {
    const text = texts.get(file) ?? readFileSync(path.join(srcDir, file), 'utf8');
    if (text.split(from).length !== 2)
      throw new Error(`FerretDB source changed: expected one "${from}" in ${file}`);
    texts.set(
      file,
      text.replace(from, () => to),
    );
  }
  for (const [file, text] of texts) writeFileSync(path.join(srcDir, file), text);
}

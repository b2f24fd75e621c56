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
//
// 4. Query pushdown: FerretDB filtered (other than by `_id`), sorted, skipped, limited and
// counted in Go, after reading and decoding the whole collection, so a list at 50,000
// documents took seconds. Its SQLite backend already made a real expression index for each
// `createIndexes`; the change makes those indexes, and the queries, use typed expressions
// in MongoDB's comparison order (a type rank, then the value: infra/ferretdb/go/keys.go),
// writes a filter's equalities, `$in` and ranges on top-level fields as SQL over them
// (pushdown.go), and also the sort, skip, limit and count when SQL then answers exactly as
// MongoDB would (query.go, count.go) — never where a field has held an array (MongoDB
// matches its elements) or a value SQL cannot order (marks.go): those shapes keep
// FerretDB's own path. The handler still applies the whole filter to every row, so what SQL
// narrows can never add a document. Indexes made by an earlier build are rebuilt once.
// An index led by a field that has held arrays gets a side table of entries, one per
// document and element, with the typed value of each of its keys, kept by triggers
// (multikey.go): a filter on the field's elements reads it, and when the filter fixes its
// leading keys and the sort follows it, SQLite walks it in order and stops at the limit
// (sideplan.go), as a MongoDB multikey index scan does.
//
// 5. `partialFilterExpression` on a non-unique index was refused ("not implemented"), so
// every client had to catch that and create a plain index instead. MongoDB uses a partial
// index only for queries whose filter implies the index's, and those the same index over
// every document answers alike: the change accepts it there (and keeps refusing it on a
// unique index, where it would narrow what must be unique). Its `$exists` conditions become
// the SQLite index's WHERE, written as the pushdown writes them, so a query naming the same
// condition reads only the documents it holds (an outbox's pending ones), and so does one
// whose range or non-null equality on the field implies it (partial.go: the recovery sweeps).
//
// 6. The SQLite driver keeps each connection's compiled statements: sqlite-driver-patch.mjs.
//
// 7. Leak tracking of transactions and result sets runs in debug builds only (below).
//
// 8. The C library under the driver compares memory with Go's vectorised comparison:
// libc-patch.mjs.
//
// 9. Reading a stored document made a json.Decoder, with its buffer, for each of its values
// and decoded its schema again each time: 1,233 allocations and 240 KB for a 3 KB issue,
// most of a query's time once SQL had found the rows. It is now read in one pass, the
// schema decoded once per distinct text (infra/ferretdb/go/sjson.go); anything unexpected is
// decoded by FerretDB's own code as before, so the values (or the error) are the same.
//
// 10. Each field an index names is stored in two columns of its table, its rank and value
// as the pushdown compares them, and the indexes are made of those columns (keys.go). An
// update sets the columns of the fields whose value changed and no others, so SQLite
// rewrites only the indexes that hold a changed value: pulling a published entry from an
// outbox, or any write of fields no index names, touches the row and FerretDB's `_id`
// index alone. On expressions over the document, every update rewrote every entry of every
// index of its document. An earlier build's tables get the columns at first use.
//
// 11. A database's write-ahead log starts over while writes go on (wal.go). An update wrote
// its document with its own query still open, so the automatic checkpoint after it never
// copied the newest pages and the log never started over: 7.5 MB a second under habit
// completions, with a checkpoint and an fsync on every commit. Every 64 writes, as the
// write command ends, a checkpoint copies the whole log (and empties it if a read held it).
//
// 12. A side table's update trigger (multikey.go) fires only for an update that sets its
// keys' columns (`AFTER UPDATE OF`), and an update sets an array's or a document's columns
// only when it differs from the value before, element by element and type by type (the
// handler keeps copies of them: an update operator changes them in place). Before, every
// update of a document with a side table, a status change or an outbox pull alike, parsed
// the old and the new document's JSON once per side table to find its keys unchanged.
//
// 13. A written document's embedded documents keep their fields in the order given, as
// MongoDB keeps them; only the document's own `_id` is moved first. FerretDB moved an `_id`
// to the front at every level, so an embedded document written as `{action, _id}` was
// stored as `{_id, action}` and no longer equalled the value written: an equality filter
// or `$pullAll` with it, by MongoDB's order-sensitive comparison of documents, matched
// nothing (the issues service's activity entries stayed on their issue for its recovery).
//
// 14. Work no answer needs, per command and per statement: a command's parameters are read
// with each parameters struct's tags parsed once (params.go), where every key of every
// command parsed them all again; a statement builds no debug log line unless the level is
// debug; and a statement runs without its client connection's cancellation (a deadline from
// `maxTimeMS` still applies), which cost two goroutines per statement (fsql.go). Together
// about a tenth of the engine's CPU for a find by `_id`.
//
// 15. TTL indexes (ttl.go). `expireAfterSeconds` was refused, so a client deleted expired
// documents itself. It is now kept with the index and listed with it, refused where MongoDB
// refuses it (a compound or `_id` index, a value out of range, an equivalent index with
// another expiry), and every `ttlMonitorSleepSecs` (60) the documents whose field holds a
// date (or an array holding one) older than that are deleted, as MongoDB's TTL monitor does.
// `collMod` cannot change an expiry here (FerretDB 1.x has no `collMod` of indexes).
//
// 16. findAndModify's `fields` (fields.go): it was refused, so a client that wanted a written
// document without some fields (an outbox, carried entries) took them back and dropped them.
// The projection is validated before the write and applied to the document answered, as
// find's projection is.
//
// 17. The statements of an `update` command share one transaction (command.go). Each ran in
// a transaction of its own, so an outbox's batch of pulls made a commit per document, each
// writing its pages to the write-ahead log again. Each statement now runs in a savepoint of
// the command's transaction (one that fails takes back only its own changes, and ends the
// command as before), the command's reads see its earlier statements, and it commits once,
// before the database's writes are let go. Not with a multi-document statement among them:
// it writes as it reads, and one connection's read would meet the documents it moved ahead
// along the index it walks. Savepoints journal in memory (`temp_store`): in a temporary
// file, made per statement, they cost more than the commits saved. A batch of 11 pulls
// cost the engine 0.28–0.31 ms of CPU a pull before, 0.18–0.20 after.
//
// 18. A statement's read ends with the statement. Each statement's read stayed open until
// the command ended, holding one of the pool's 100 connections: a command of 100 statements
// (an outbox's largest batch) never answered, and held its database's writes meanwhile.
//
// 19. A collection's marks are loaded (first use after start: index upgrades, side tables,
// statistics) without holding the marks' lock alone (marks.go). Loading waits for its
// database's write lock; a command of 17 holding that lock waited for the marks' lock before
// its next statement, and both stood still until SQLite's busy timeout (10 s): a service's
// first read of a collection beside its outbox's batch of pulls answered 10 s late.
//
// 20. A transaction's frames reach the write-ahead log in one write, not two per page:
// sqlite-driver-patch.mjs.
//
// 21. Unique indexes as MongoDB keeps them (keys.go, unique.go, dupkey.go). Null and a missing
// field are one key: the key columns hold SQL NULL for both, which SQLite's unique index counts
// as distinct, so two `{email: null}` (or two documents without it) were both accepted under
// `{email: 1}, {unique: true}`. Each unique index has a second, partial one over the rows with
// a null key, NULL written there as a value; a unique index the stored documents break is not
// made (11000). E11000 names the index and the key as MongoDB's does (`index: email_1 dup key:
// { email: null }`): FerretDB named neither.
//
// 22. Index changes on a collection in use (indexes.go). A dropped index's side table stayed,
// its triggers writing it no more, and an index made again with the same name and keys found it
// "filled" and answered from it, across restarts. It is dropped with the index, and any index
// created or dropped makes the collection's marks load again at its next use (a multikey index
// made while the collection was in use was not walked until a restart).
//
// 23. Filters of any size, and names that cannot collide (pushdown.go, keys.go). An `$in` of more
// than 256 values is bound as one JSON array (`_id: {$in: [16,384 ids]}` took two parameters each,
// past SQLite's 32,766); an `$or`'s branches are joined in halves (SQLite refuses an expression
// 1,000 deep, which 1,000 branches made). Key columns and SQLite index names write an upper-case
// letter as `^` and the letter (`^` as `^^`): SQLite's names ignore case, so `status` and
// `Status` were one column and `status_1` and `Status_1` one index name.
//
// 24. One engine per data directory, and a layout version in each database file (layout.go). The
// directory is locked for the process's life (a second engine stops at start, naming it: each
// process keeps its collections' marks in memory and missed the other's arrays). A database file
// not marked with this build's layout (PRAGMA user_version) has its key columns set again from the
// documents, its side tables made again and its unique indexes' null indexes made, at start.
//
// 25. A stored double compares exactly (pushdown.go): a query's double is bound as the text the
// document holds and read by SQLite's own parse, the one that gave the key column its value; Go's
// exact value missed about one stored double in six drawn from the whole range (the pure-Go SQLite
// has no long double and rounds large exponents one unit off).
//
// 26. `$pull` with a condition and `$push`'s `$slice` and `$position` (update.go): accepted and
// ignored by FerretDB 1.24; `$push`'s `$sort` is refused, naming it.
//
// 27. An equality with a document matches an array holding an element equal to it (filter.go):
// `{list: {a: 1}}` found nothing in `{list: [{a: 1}, {b: 2}]}`, where MongoDB finds it.
//
// 28. A long `$in` or `$nin` list (32 members or more) is looked up in a set, not walked, when
// the handler applies the filter to a row whose value is a string or an ObjectId (inset.go):
// the walk compared every row with every member, so `_id: {$in: [16,384 ids]}` found its rows
// in SQL in 0.1 s and then spent 3.4 s comparing them (16,384² comparisons).
//
// 29. The positional operators `$[]` and `$[<identifier>]` with `arrayFilters`, in update and
// findAndModify (arrayfilters.go). FerretDB refused `arrayFilters` and `$[]` ("Cannot create
// field '$[]'"), so a client changing some elements of an array read it and wrote it back whole
// (losing a concurrent change of another element). Each document's update is expanded to the
// paths of the elements named before the operators apply; filters are checked as MongoDB checks
// them (one identifier each, each used, each path's identifier given). The plain positional `$`
// is refused, naming it.
//
// 30. A long `$or` of equalities on one field is taken as the `$in` it means, by the SQL the
// pushdown writes and by the handler's filter of each row (orin.go), as MongoDB's planner
// rewrites it; the handler's set lookup of a long list takes numbers too (inset.go). An `$or` of
// 3,000 `{n: v}` was 3,000 index probes joined by OR, then up to 3,000 filters per row found,
// each comparing numbers in big floats.
//
// 31. What this engine does not have is refused with an error naming it (refuse.go):
// transactions (`startTransaction`, `autocommit`, `commitTransaction`, `abortTransaction`: 20;
// FerretDB ran a find marked `startTransaction` outside any transaction and refused other
// commands as an unknown field "autocommit"), `$text` (27, as MongoDB answers without a text
// index; FerretDB answered [] over a collection with no documents) and text and other
// non-numeric index types (238 naming the type; FerretDB answered 27 "can't find index").
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DRIVER_FILE, LIB_FILE } from './sqlite-driver-patch.mjs';
import { LIBC_FILE } from './libc-patch.mjs';
import { changeText } from './text-change.mjs';

const DRIVER_PATCH = fileURLToPath(new URL('./sqlite-driver-patch.mjs', import.meta.url));
const LIBC_PATCH = fileURLToPath(new URL('./libc-patch.mjs', import.meta.url));
const VENDOR_MODULE = fileURLToPath(new URL('./vendor-module.mjs', import.meta.url));
const TEXT_CHANGE = fileURLToPath(new URL('./text-change.mjs', import.meta.url));

/** Bumped whenever the changes below change, so a binary built before is not reused. */
export const FERRETDB_PATCH_LEVEL = 22;

/** Our own Go files (infra/ferretdb/go/), and the package folder each joins. */
const GO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'go');
export const FILES = {
  'keys.go': 'internal/backends/sqlite/metadata/momentum_keys.go',
  'marks.go': 'internal/backends/sqlite/momentum_marks.go',
  'pushdown.go': 'internal/backends/sqlite/momentum_pushdown.go',
  'query.go': 'internal/backends/sqlite/momentum_query.go',
  'multikey.go': 'internal/backends/sqlite/momentum_multikey.go',
  'sideplan.go': 'internal/backends/sqlite/momentum_sideplan.go',
  'analyze.go': 'internal/backends/sqlite/momentum_analyze.go',
  'drops.go': 'internal/backends/sqlite/momentum_drops.go',
  'partial.go': 'internal/backends/sqlite/momentum_partial.go',
  'writes.go': 'internal/backends/sqlite/momentum_writes.go',
  'keyed.go': 'internal/backends/sqlite/momentum_keyed.go',
  'wal.go': 'internal/backends/sqlite/momentum_wal.go',
  'hooks.go': 'internal/backends/momentum_hooks.go',
  'count.go': 'internal/handler/momentum_count.go',
  'sjson.go': 'internal/handler/sjson/momentum_sjson.go',
  'params.go': 'internal/handler/handlerparams/momentum_params.go',
  'fsql.go': 'internal/util/fsql/momentum_fsql.go',
  'command.go': 'internal/util/fsql/momentum_command.go',
  'ttl.go': 'internal/handler/momentum_ttl.go',
  'fields.go': 'internal/handler/momentum_fields.go',
  'unique.go': 'internal/backends/sqlite/momentum_unique.go',
  'dupkey.go': 'internal/handler/momentum_dupkey.go',
  'indexes.go': 'internal/backends/sqlite/momentum_indexes.go',
  'layout.go': 'internal/backends/sqlite/metadata/momentum_layout.go',
  'update.go': 'internal/handler/common/momentum_update.go',
  'filter.go': 'internal/handler/common/momentum_filter.go',
  'inset.go': 'internal/handler/common/momentum_inset.go',
  'arrayfilters.go': 'internal/handler/common/momentum_arrayfilters.go',
  'orin.go': 'internal/types/momentum_orin.go',
  'refuse.go': 'internal/clientconn/momentum_refuse.go',
};

/** Held from the moment a write command looks up its database until it returns. */
const LOCK_DB = {
  from: '\tdb, err := h.b.Database(params.DB)\n',
  to: '\tdefer h.lockDB(params.DB)()\n\n\tdb, err := h.b.Database(params.DB)\n',
};

export const CHANGES = [
  // 31. Features this engine does not have, refused before any handler runs (refuse.go).
  {
    file: 'internal/clientconn/conn.go',
    from: '\t\t\tvar resMsg *wire.OpMsg\n\t\t\tresMsg, err = c.handleOpMsg(connCtx, msg, command)\n',
    to: `\t\t\tvar resMsg *wire.OpMsg
\t\t\tif err = refuseUnsupported(doc, msg, command); err == nil {
\t\t\t\tresMsg, err = c.handleOpMsg(connCtx, msg, command)
\t\t\t}
`,
  },
  {
    file: 'internal/handler/msg_createindexes.go',
    from: '\t\tif orderParam, err = handlerparams.GetWholeNumberParam(order); err != nil {\n',
    to: `\t\tif kind, ok := order.(string); ok { // Momentum: text, 2dsphere, hashed … (momentum_refuse.go)
\t\t\tname := fmt.Sprintf("%q indexes", kind)
\t\t\tif kind == "text" {
\t\t\t\tname = "Text indexes"
\t\t\t}

\t\t\treturn nil, handlererrors.NewCommandErrorMsgWithArgument(
\t\t\t\thandlererrors.ErrNotImplemented,
\t\t\t\tfmt.Sprintf("%s are not supported by this engine (index key { %s: %q })", name, field, kind),
\t\t\t\tcommand,
\t\t\t)
\t\t}

\t\tif orderParam, err = handlerparams.GetWholeNumberParam(order); err != nil {
`,
  },
  // 21. E11000 names the index and the key (unique.go, dupkey.go).
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\t\t\t\t\treturn backends.NewError(backends.ErrorCodeInsertDuplicateID, err)\n',
    to: '\t\t\t\t\treturn duplicateKey(meta, batch, err)\n',
  },
  {
    file: 'internal/handler/msg_insert.go',
    from: '\t\t\t\tMessage: fmt.Sprintf(`E11000 duplicate key error collection: %s.%s`, params.DB, params.Collection),\n',
    to: '\t\t\t\tMessage: duplicateKeyMessage(params.DB, params.Collection, err),\n',
  },
  {
    file: 'internal/handler/msg_findandmodify.go',
    from: '\t\t\tfmt.Sprintf(`E11000 duplicate key error collection: %s.%s`, db, coll),\n',
    to: '\t\t\tduplicateKeyMessage(db, coll, err),\n',
  },
  {
    file: 'internal/handler/msg_createindexes.go',
    from: '\t_, err = c.CreateIndexes(connCtx, &backends.CreateIndexesParams{Indexes: toCreate})\n\tif err != nil {\n',
    to: `\t_, err = c.CreateIndexes(connCtx, &backends.CreateIndexesParams{Indexes: toCreate})
\tif backends.ErrorCodeIs(err, backends.ErrorCodeInsertDuplicateID) { // Momentum: stored documents break a unique index
\t\treturn nil, handlererrors.NewCommandErrorMsgWithArgument(
\t\t\thandlererrors.ErrDuplicateKeyInsert, duplicateKeyMessage(dbName, collection, err), command,
\t\t)
\t}

\tif err != nil {
`,
  },
  // 22. Index changes on a collection in use (indexes.go): a dropped index's side table goes
  // with it; the marks load again. dropIndexes holds the database's writes, as createIndexes.
  ...[
    ['CreateIndexes', 'createIndexes'],
    ['DropIndexes', 'dropIndexes'],
  ].map(([name, renamed]) => ({
    file: 'internal/backends/sqlite/collection.go',
    from: `// ${name} implements backends.Collection interface.\nfunc (c *collection) ${name}(`,
    to: `// ${renamed} (momentum_indexes.go wraps it).\nfunc (c *collection) ${renamed}(`,
  })),
  {
    file: 'internal/handler/msg_dropindexes.go',
    from: '\tdb, err := h.b.Database(dbName)\n',
    to: '\tdefer h.lockDB(dbName)()\n\n\tdb, err := h.b.Database(dbName)\n',
  },
  // 24. One engine per data directory, and a database file of another layout brought to this
  // one at start (layout.go).
  {
    file: 'internal/backends/sqlite/metadata/registry.go',
    from: '\tp, initDBs, err := pool.New(u, l, sp)\n',
    to: '\tif err := lockDataDir(u); err != nil { // Momentum: momentum_layout.go\n\t\treturn nil, err\n\t}\n\n\tp, initDBs, err := pool.New(u, l, sp)\n',
  },
  {
    file: 'internal/backends/sqlite/metadata/registry.go',
    from: '\tr.colls[dbName] = colls\n\n\treturn nil\n}\n',
    to: '\trows.Close()\n\n\tif err = checkLayout(ctx, r.l, dbName, db, colls); err != nil { // Momentum: momentum_layout.go\n\t\treturn err\n\t}\n\n\tr.colls[dbName] = colls\n\n\treturn nil\n}\n',
  },
  {
    file: 'internal/backends/sqlite/metadata/registry.go',
    from: '\tif _, err = db.ExecContext(ctx, q); err != nil {\n\t\tr.databaseDrop(ctx, dbName)\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n',
    to: '\tif _, err = db.ExecContext(ctx, q); err != nil {\n\t\tr.databaseDrop(ctx, dbName)\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n\n\tif err = markLayout(ctx, db); err != nil { // Momentum: momentum_layout.go\n\t\tr.databaseDrop(ctx, dbName)\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n',
  },
  // 26. $pull with a condition, $push with $slice and $position (update.go).
  {
    file: 'internal/handler/common/update_array_operators.go',
    from: '\t\tif types.Compare(elem, pullVal) == types.Equal {\n\t\t\tarray.Remove(i)\n',
    to: '\t\tmatched, err := pullMatches(command, elem, pullVal) // Momentum: momentum_update.go\n\t\tif err != nil {\n\t\t\treturn false, err\n\t\t}\n\n\t\tif matched {\n\t\t\tarray.Remove(i)\n',
  },
  {
    file: 'internal/handler/common/update_array_operators.go',
    from: '\tvar each *types.Array\n\n\tif pushDoc, ok := pushVal.(*types.Document); ok {\n\t\tif pushDoc.Has("$each") {\n',
    to: '\tvar each *types.Array\n\tvar mods *pushModifiers // Momentum: momentum_update.go\n\n\tif pushDoc, ok := pushVal.(*types.Document); ok {\n\t\tif pushDoc.Has("$each") {\n\t\t\tvar err error\n\t\t\tif mods, err = readPushModifiers(command, pushDoc); err != nil {\n\t\t\t\treturn false, err\n\t\t\t}\n\n',
  },
  {
    file: 'internal/handler/common/update_array_operators.go',
    from: '\tvar changed bool\n\n\tfor i := range each.Len() {\n\t\tarray.Append(must.NotFail(each.Get(i)))\n\t\tchanged = true\n\t}\n',
    to: '\tbefore := array.Len()\n\tarray = pushEach(array, each, mods)\n\tchanged := each.Len() > 0 || array.Len() != before\n',
  },
  // 27. An equality with a document on an array of documents (filter.go).
  {
    file: 'internal/handler/common/filter.go',
    from: '\t\t\tif documentValue, ok := fieldValue.(*types.Document); ok {\n\t\t\t\tresult := types.Compare(documentValue, expr)\n\t\t\t\treturn result == types.Equal, nil\n\t\t\t}\n\t\t\treturn false, nil\n',
    to: '\t\t\tif documentValue, ok := fieldValue.(*types.Document); ok {\n\t\t\t\tresult := types.Compare(documentValue, expr)\n\t\t\t\treturn result == types.Equal, nil\n\t\t\t}\n\t\t\tif arr, ok := fieldValue.(*types.Array); ok { // Momentum: momentum_filter.go\n\t\t\t\treturn arrayHoldsDocument(arr, expr), nil\n\t\t\t}\n\t\t\treturn false, nil\n',
  },
  {
    file: 'internal/handler/common/filter.go',
    from: '\t\t\t\tif fieldValue, ok := fieldValue.(*types.Document); ok {\n\t\t\t\t\tresult := types.Compare(exprValue, fieldValue)\n\t\t\t\t\treturn result == types.Equal, nil\n\t\t\t\t}\n\t\t\t\treturn false, nil\n',
    to: '\t\t\t\tif fieldValue, ok := fieldValue.(*types.Document); ok {\n\t\t\t\t\tresult := types.Compare(exprValue, fieldValue)\n\t\t\t\t\treturn result == types.Equal, nil\n\t\t\t\t}\n\t\t\t\tif arr, ok := fieldValue.(*types.Array); ok { // Momentum: momentum_filter.go\n\t\t\t\t\treturn arrayHoldsDocument(arr, exprValue), nil\n\t\t\t\t}\n\t\t\t\treturn false, nil\n',
  },
  // 28. A long `$in` or `$nin` list looked up in a set, not walked, for each row (inset.go).
  {
    file: 'internal/handler/common/filter.go',
    from: '\t\t\tvar found bool\n\t\t\tfor i := 0; i < arr.Len(); i++ {\n',
    to: '\t\t\tfound, known := inLookup(fieldValue, arr) // Momentum: momentum_inset.go\n\t\t\tfor i := 0; !known && i < arr.Len(); i++ {\n',
    count: 2,
  },
  // 29. `$[]` and `$[<identifier>]` with `arrayFilters` in update and findAndModify
  // (arrayfilters.go).
  ...['internal/handler/common/update_params.go', 'internal/handler/common/findandmodify.go'].map(
    (file) => ({
      file,
      from: '\tArrayFilters *types.Array    `ferretdb:"arrayFilters,unimplemented"`\n',
      to: '\tArrayFilters *types.Array    `ferretdb:"arrayFilters,opt"` // Momentum: momentum_arrayfilters.go\n',
    }),
  ),
  {
    file: 'internal/handler/msg_findandmodify.go',
    from: '\t\tUpsert:             params.Upsert,\n\t\tHasUpdateOperators: params.HasUpdateOperators,\n\t}\n',
    to: '\t\tUpsert:             params.Upsert,\n\t\tHasUpdateOperators: params.HasUpdateOperators,\n\t\tArrayFilters:       params.ArrayFilters,\n\t}\n',
  },
  {
    file: 'internal/handler/common/update.go',
    from: '\tisFindAndModify := (strings.ToLower(cmd) == "findandmodify")\n',
    to: `\tisFindAndModify := (strings.ToLower(cmd) == "findandmodify")

\t// Momentum: momentum_arrayfilters.go
\tfilters, err := readArrayFilters(cmd, param.ArrayFilters, param.Update, param.HasUpdateOperators)
\tif err != nil {
\t\treturn nil, err
\t}

\tpositional := param.HasUpdateOperators && hasPositional(param.Update)
`,
  },
  {
    file: 'internal/handler/common/update.go',
    from: '\t\t} else {\n\t\t\tmodified, err = processUpdateOperator(cmd, doc, param.Update, upsert)\n\t\t}\n',
    to: `\t\t} else if positional { // Momentum: momentum_arrayfilters.go
\t\t\tvar expanded *types.Document
\t\t\tif expanded, err = expandPositional(cmd, doc, param.Update, filters); err == nil {
\t\t\t\tmodified, err = processUpdateOperator(cmd, doc, expanded, upsert)
\t\t\t}
\t\t} else {
\t\t\tmodified, err = processUpdateOperator(cmd, doc, param.Update, upsert)
\t\t}
`,
  },
  // 30. A long `$or` of equalities on one field taken as one `$in` by the handler (orin.go;
  // pushdown.go does the same for SQL).
  {
    file: 'internal/handler/common/filter.go',
    from: '\t\tfor i := 0; i < exprs.Len(); i++ {\n\t\t\texpr := must.NotFail(exprs.Get(i)).(*types.Document)\n\n\t\t\tmatches, err := FilterDocument(doc, expr)\n\t\t\tif err != nil {\n\t\t\t\treturn false, err\n\t\t\t}\n\t\t\tif matches {\n\t\t\t\treturn true, nil\n',
    to: '\t\tif merged, ok := types.MergedOr(exprs); ok { // Momentum: momentum_orin.go\n\t\t\texprs = merged\n\t\t}\n\n\t\tfor i := 0; i < exprs.Len(); i++ {\n\t\t\texpr := must.NotFail(exprs.Get(i)).(*types.Document)\n\n\t\t\tmatches, err := FilterDocument(doc, expr)\n\t\t\tif err != nil {\n\t\t\t\treturn false, err\n\t\t\t}\n\t\t\tif matches {\n\t\t\t\treturn true, nil\n',
  },
  // 11. A connection of its own for the log's restart (wal.go): its checkpoint may not run
  // inside a transaction, and its wait is a setting of the connection.
  {
    file: 'internal/util/fsql/db.go',
    from: '// Ping calls [*sql.DB.Ping].\n',
    to: `// Conn calls [*sql.DB.Conn] (Momentum: infra/ferretdb/go/wal.go).
func (db *DB) Conn(ctx context.Context) (*sql.Conn, error) {
\treturn db.sqlDB.Conn(ctx)
}

// Ping calls [*sql.DB.Ping].
`,
  },
  // 14. A statement builds no debug line at other levels, and runs without its connection's
  // cancellation (fsql.go).
  ...[
    ['db.go', 'db', 'DB', 'sqlDB'],
    ['tx.go', 'tx', 'Tx', 'sqlTx'],
  ].flatMap(([file, recv, type, inner]) =>
    [
      [
        'QueryContext',
        '(*Rows, error)',
        `rows, err := ${recv}.${inner}.QueryContext(statementContext(ctx), query, args...)\n\t\treturn wrapRows(rows), err`,
      ],
      [
        'QueryRowContext',
        '*sql.Row',
        `return ${recv}.${inner}.QueryRowContext(statementContext(ctx), query, args...)`,
      ],
      [
        'ExecContext',
        '(sql.Result, error)',
        `return ${recv}.${inner}.ExecContext(statementContext(ctx), query, args...)`,
      ],
    ].map(([name, result, fast]) => {
      const signature = `func (${recv} *${type}) ${name}(ctx context.Context, query string, args ...any) ${result} {\n`;
      return {
        file: `internal/util/fsql/${file}`,
        from: `${signature}\tstart := time.Now()\n`,
        // 17. A statement of a command scope's database runs in its transaction (command.go).
        to: `${signature}${recv === 'db' ? `\tif tx := scopedTx(ctx, db); tx != nil { // Momentum: momentum_command.go\n\t\treturn tx.${name}(ctx, query, args...)\n\t}\n\n` : ''}\tif quiet(ctx, ${recv}.l) { // Momentum: momentum_fsql.go\n\t\t${fast}\n\t}\n\n\tctx = statementContext(ctx)\n\tstart := time.Now()\n`,
      };
    }),
  ),
  {
    file: 'internal/util/fsql/db.go',
    from: '\tif sqlTx, err = db.sqlDB.BeginTx(ctx, nil); err != nil {\n',
    to: '\tif sqlTx, err = db.sqlDB.BeginTx(statementContext(ctx), nil); err != nil {\n',
  },
  // 15. The delete command's search-and-delete, up to a number of documents (the TTL batches).
  {
    file: 'internal/handler/msg_delete.go',
    from: 'func (h *Handler) execDelete(ctx context.Context, c backends.Collection, p *common.Delete) (int32, error) {\n',
    to: `func (h *Handler) execDelete(ctx context.Context, c backends.Collection, p *common.Delete) (int32, error) {
\treturn h.execDeleteUpTo(ctx, c, p, 0)
}

// execDeleteUpTo is execDelete that deletes at most max documents (0: no limit; Momentum:
// momentum_ttl.go deletes in batches).
func (h *Handler) execDeleteUpTo(ctx context.Context, c backends.Collection, p *common.Delete, max int) (int32, error) {
`,
  },
  {
    file: 'internal/handler/msg_delete.go',
    from: '\t\tif p.Limited {\n\t\t\tbreak\n\t\t}\n',
    to: '\t\tif p.Limited || len(ids) == max {\n\t\t\tbreak\n\t\t}\n',
  },
  // 16. findAndModify's `fields` (fields.go).
  {
    file: 'internal/handler/common/findandmodify.go',
    from: '\tFields       *types.Document `ferretdb:"fields,unimplemented"`\n',
    to: '\tFields       *types.Document `ferretdb:"fields,opt"` // Momentum: momentum_fields.go\n',
  },
  {
    file: 'internal/handler/msg_findandmodify.go',
    from: '\tvar resDoc *types.Document\n\n\tres, err := h.findAndModifyDocument(connCtx, params)\n',
    to: '\tproject, err := fieldsProjection(params)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\n\tvar resDoc *types.Document\n\n\tres, err := h.findAndModifyDocument(connCtx, params)\n',
  },
  {
    file: 'internal/handler/msg_findandmodify.go',
    from: '\tlastError := must.NotFail(types.NewDocument(\n\t\t"n", res.modified,\n',
    to: '\tif res.value, err = project(res.value); err != nil {\n\t\treturn nil, err\n\t}\n\n\tlastError := must.NotFail(types.NewDocument(\n\t\t"n", res.modified,\n',
  },
  // 14. Parameters' tags parsed once per struct (params.go has the functions' new bodies).
  ...[
    'lookupFieldTag(key string, value *reflect.Value) (*int, *tagOptions, error) {\n',
    'checkAllRequiredFieldsPopulated(v *reflect.Value, command string, keys []string) error {\n',
  ].map((signature) => ({
    file: 'internal/handler/handlerparams/extract_params.go',
    from: `\nfunc ${signature}`,
    to: `\nfunc ${signature.replace('(', 'EachTime(')}`,
  })),
  // 9. Stored documents decoded in one pass, the schema once per distinct text (sjson.go).
  {
    file: 'internal/handler/sjson/sjson.go',
    from: 'func Unmarshal(data []byte) (*types.Document, error) {\n\tvar v map[string]json.RawMessage\n',
    to: 'func Unmarshal(data []byte) (*types.Document, error) {\n\tif doc, ok := unmarshalFast(data); ok { // momentum_sjson.go\n\t\treturn doc, nil\n\t}\n\n\tvar v map[string]json.RawMessage\n',
  },
  // 7. Leak tracking (a pprof profile entry with its stack, and a finalizer, per transaction
  // and per result set) is a debugging aid: debug builds only. It was 5% of the engine's CPU
  // per write.
  ...['Track', 'Untrack'].map((name) => ({
    file: 'internal/util/resource/resource.go',
    from: `func ${name}(obj any, token *Token) {\n\tcheckArgs(obj, token)\n`,
    to: `func ${name}(obj any, token *Token) {\n\tcheckArgs(obj, token)\n\n\tif !debugbuild.Enabled {\n\t\treturn\n\t}\n`,
  })),
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

// lockDB locks the write commands of one database; the returned function runs what the
// backend asks for at the end of a write command (backends.AfterWriteCommand), then unlocks.
func (h *Handler) lockDB(db string) func() {
\tmu, _ := h.dbLocks.LoadOrStore(db, new(sync.Mutex))
\tmu.(*sync.Mutex).Lock()
\treturn func() {
\t\tif after := backends.AfterWriteCommand; after != nil {
\t\t\tafter(db)
\t\t}
\t\tmu.(*sync.Mutex).Unlock()
\t}
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
    to: `\t\t\tr, err := tx.ExecContext(ctx, keyedUpdate(meta, doc, prevOf(params, i)), string(b), arg)
\t\t\tif isUniqueViolation(err) {
\t\t\t\treturn duplicateKey(meta, []*types.Document{doc}, err)
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
  // 10. Key columns (keys.go, keyed.go): inserts and updates set them, an update only
  // those of fields whose value changed, which it learns from the values before.
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\tq := fmt.Sprintf(`UPDATE %q SET %s = ? WHERE %s = ?`, meta.TableName, metadata.DefaultColumn, metadata.IDColumn)\n\n',
    to: '',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\t\tfor _, doc := range params.Docs {\n\t\t\tb, err := sjson.Marshal(doc)\n',
    to: '\t\tfor i, doc := range params.Docs {\n\t\t\tb, err := sjson.Marshal(doc)\n',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\t\t\tq, args, err := prepareInsertStatement(meta.TableName, meta.Capped(), batch)\n',
    to: '\t\t\tq, args, err := prepareKeyedInsert(meta, batch)\n',
  },
  {
    file: 'internal/backends/collection.go',
    from: 'type UpdateAllParams struct {\n\tDocs []*types.Document\n}\n',
    to: `type UpdateAllParams struct {
\tDocs []*types.Document

\t// Each document's top-level values before the update (Document.Map, its arrays and
\t// documents copied), where known: a backend may then write only what changed.
\tPrev []map[string]any
}
`,
  },
  {
    file: 'internal/handler/common/update.go',
    from: '\t\tif !param.HasUpdateOperators {\n\t\t\tmodified, err = processReplacementDoc(cmd, doc, param.Update)\n',
    to: `\t\t// Arrays and documents copied: an update operator changes them in place.
\t\tprev := doc.Map()
\t\tfor k, v := range prev {
\t\t\tswitch v := v.(type) {
\t\t\tcase *types.Array:
\t\t\t\tprev[k] = v.DeepCopy()
\t\t\tcase *types.Document:
\t\t\t\tprev[k] = v.DeepCopy()
\t\t\t}
\t\t}

\t\tif !param.HasUpdateOperators {
\t\t\tmodified, err = processReplacementDoc(cmd, doc, param.Update)
`,
  },
  {
    file: 'internal/handler/common/update.go',
    from: '\t\t\t_, err := c.UpdateAll(ctx, &backends.UpdateAllParams{Docs: []*types.Document{doc}})\n',
    to: '\t\t\t_, err := c.UpdateAll(ctx, &backends.UpdateAllParams{Docs: []*types.Document{doc}, Prev: []map[string]any{prev}})\n',
  },
  // createIndexes fills key columns: no write of the database may run meanwhile.
  {
    file: 'internal/handler/msg_createindexes.go',
    from: '\tdb, err := h.b.Database(dbName)\n',
    to: '\tdefer h.lockDB(dbName)()\n\n\tdb, err := h.b.Database(dbName)\n',
  },
  // 4. Query pushdown (see the files in infra/ferretdb/go/).
  {
    file: 'internal/backends/collection.go',
    from: '// QueryParams represents the parameters of Collection.Query method.\ntype QueryParams struct {\n',
    to: `// FullQuery is the whole of a find or a count as the handler applies it: the backend may
// carry out the sort, skip and limit too when it can apply the filter exactly.
type FullQuery struct {
\tFilter *types.Document
\tSort   *types.Document
\tSkip   int64
\tLimit  int64
}

// QueryParams represents the parameters of Collection.Query method.
type QueryParams struct {
\tFull  *FullQuery // nil: only Filter, Sort and Limit as below
\tCount bool       // count Full's documents (QueryResult.Counted) instead of returning them
`,
  },
  {
    file: 'internal/backends/collection.go',
    from: 'type QueryResult struct {\n\tIter types.DocumentsIterator\n',
    to: `type QueryResult struct {
\tIter types.DocumentsIterator

\tApplied bool  // Iter is already sorted, skipped and limited as Full asked
\tCount   int64 // with Counted, the number of documents Full matches
\tCounted bool
`,
  },
  {
    file: 'internal/backends/collection.go',
    from: 'type ExplainParams struct {\n',
    to: 'type ExplainParams struct {\n\tFull *FullQuery\n\n',
  },
  {
    file: 'internal/backends/sqlite/metadata/registry.go',
    from: `\t\tq := "CREATE "

\t\tif index.Unique {
\t\t\tq += "UNIQUE "
\t\t}

\t\tq += "INDEX %q ON %q (%s)"

\t\tcolumns := make([]string, len(index.Key))
\t\tfor i, key := range index.Key {
\t\t\tfields := strings.Split(key.Field, ".")
\t\t\tfor j, f := range fields {
\t\t\t\tfields[j] = fmt.Sprintf("%q", f)
\t\t\t}

\t\t\tcolumns[i] = fmt.Sprintf("%s->%s", DefaultColumn, strings.Join(fields, "->"))
\t\t\tif key.Descending {
\t\t\t\tcolumns[i] += " DESC"
\t\t\t}
\t\t}

\t\tq = fmt.Sprintf(
\t\t\tq,
\t\t\tc.TableName+"_"+index.Name,
\t\t\tc.TableName,
\t\t\tstrings.Join(columns, ", "),
\t\t)

\t\tif _, err := db.ExecContext(ctx, q); err != nil {
`,
    to: `\t\t// The columns of the fields it is the first to key, filled before it is made.
\t\tif err := FillKeyColumns(ctx, db, c.TableName, NewlyKeyed(c.Settings.Indexes, index), true); err != nil {
\t\t\t_ = r.indexesDrop(ctx, dbName, collectionName, created)
\t\t\treturn lazyerrors.Error(err)
\t\t}

\t\t// With a unique one's index of null keys (momentum_keys.go).
\t\tif err := CreateIndex(ctx, db, c.TableName, index); err != nil {
`,
  },
  {
    file: 'internal/backends/sqlite/metadata/registry.go',
    from: '\t\tq := fmt.Sprintf("DROP INDEX %q", c.TableName+"_"+name)\n',
    to: '\t\tif _, err := db.ExecContext(ctx, fmt.Sprintf("DROP INDEX IF EXISTS %q", NullsIndexName(c.TableName, c.Settings.Indexes[i]))); err != nil {\n\t\t\treturn lazyerrors.Error(err)\n\t\t}\n\n\t\tq := fmt.Sprintf("DROP INDEX %q", IndexSQLName(c.TableName, name))\n',
  },
  // 23. Index sizes (collStats, dbStats) found under the index's SQLite name (IndexSQLName).
  {
    file: 'internal/backends/sqlite/sqlite.go',
    from: '\t\t\targs = append(args, c.TableName+"_"+index.Name)\n',
    to: '\t\t\targs = append(args, metadata.IndexSQLName(c.TableName, index.Name))\n',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\t\targs = append(args, coll.TableName+"_"+index.Name)\n\t\tindexMap[coll.TableName+"_"+index.Name] = index.Name\n',
    to: '\t\targs = append(args, metadata.IndexSQLName(coll.TableName, index.Name))\n\t\tindexMap[metadata.IndexSQLName(coll.TableName, index.Name)] = index.Name\n',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\tq := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)\n',
    to: '\tif !meta.Capped() {\n\t\treturn c.pushdownQuery(ctx, db, meta, params)\n\t}\n\n\tq := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)\n',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\tselectClause := prepareSelectClause(meta.TableName, "", meta.Capped(), false)\n',
    to: '\tif !meta.Capped() {\n\t\treturn c.pushdownExplain(ctx, db, meta, params)\n\t}\n\n\tselectClause := prepareSelectClause(meta.TableName, "", meta.Capped(), false)\n',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '// InsertAll implements backends.Collection interface.\nfunc (c *collection) InsertAll(',
    to: '// insertAll inserts (momentum_writes.go marks first).\nfunc (c *collection) insertAll(',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '// UpdateAll implements backends.Collection interface.\nfunc (c *collection) UpdateAll(',
    to: '// updateAll updates (momentum_writes.go marks first).\nfunc (c *collection) updateAll(',
  },
  ...[
    ['database.go', 'database', 'DropCollection', 'dropCollection'],
    ['database.go', 'database', 'RenameCollection', 'renameCollection'],
    ['backend.go', 'backend', 'DropDatabase', 'dropDatabase'],
  ].map(([file, type, name, renamed]) => ({
    file: `internal/backends/sqlite/${file}`,
    from: `// ${name} implements backends.${type === 'backend' ? 'Backend' : 'Database'} interface.\nfunc (${type === 'backend' ? 'b *backend' : 'db *database'}) ${name}(`,
    to: `// ${renamed} (momentum_drops.go forgets the collection's marks after).\nfunc (${type === 'backend' ? 'b *backend' : 'db *database'}) ${renamed}(`,
  })),
  {
    file: 'internal/handler/msg_find.go',
    from: '\th.L.DebugContext(ctx, fmt.Sprintf("Converted %+v for %+v to %+v.", params, cInfo, qp))\n',
    to: `\tif !h.DisablePushdown && !params.Tailable && !cInfo.Capped() {
\t\tqp.Full = &backends.FullQuery{Filter: params.Filter, Sort: params.Sort, Skip: params.Skip, Limit: params.Limit}
\t}

\th.L.DebugContext(ctx, fmt.Sprintf("Converted %+v for %+v to %+v.", params, cInfo, qp))
`,
  },
  {
    file: 'internal/handler/msg_find.go',
    from: '\titer, err := h.makeFindIter(queryRes.Iter, closer, params)\n',
    to: `\titerParams := params
\tif queryRes.Applied { // the backend sorted, skipped and limited
\t\tp := *params
\t\tp.Sort, p.Skip, p.Limit = nil, 0, 0
\t\titerParams = &p
\t}

\titer, err := h.makeFindIter(queryRes.Iter, closer, iterParams)
`,
  },
  {
    file: 'internal/handler/msg_count.go',
    from: '\tvar qp backends.QueryParams\n\tif !h.DisablePushdown {\n\t\tqp.Filter = params.Filter\n\t}\n',
    to: `\tif !h.DisablePushdown {
\t\tn, ok, err := countInBackend(connCtx, c, params.Filter, params.Skip, params.Limit)
\t\tif err != nil {
\t\t\treturn nil, err
\t\t}

\t\tif ok {
\t\t\treturn documentOpMsg(must.NotFail(types.NewDocument("n", int32(n), "ok", float64(1))))
\t\t}
\t}

\tvar qp backends.QueryParams
\tif !h.DisablePushdown {
\t\tqp.Filter = params.Filter
\t}
`,
  },
  {
    file: 'internal/handler/msg_aggregate.go',
    from: '\t\titer, err = processStagesDocuments(ctx, closer, &stagesDocumentsParams{c, qp, stagesDocuments})\n',
    to: `\t\tif !h.DisablePushdown && !cInfo.Capped() {
\t\t\tqp.Full = leadingFind(aggregationStages, filter, sort)
\t\t}

\t\tvar counted bool
\t\tif !h.DisablePushdown {
\t\t\titer, counted, err = countStages(ctx, c, aggregationStages)
\t\t}

\t\tif err == nil && !counted {
\t\t\titer, err = processStagesDocuments(ctx, closer, &stagesDocumentsParams{c, qp, stagesDocuments})
\t\t}
`,
  },
  {
    file: 'internal/backends/collection.go',
    from: 'type IndexInfo struct {\n\tName   string\n\tKey    []IndexKeyPair\n\tUnique bool\n}\n',
    to: "type IndexInfo struct {\n\tName   string\n\tKey    []IndexKeyPair\n\tUnique bool\n\n\tPartialFilter      *types.Document // its partialFilterExpression, if any\n\tExpireAfterSeconds *int32          // a TTL index's (momentum_ttl.go)\n}\n",
  },
  {
    file: 'internal/backends/sqlite/metadata/settings.go',
    from: '\tUnique bool           `json:"unique"`\n}\n',
    to: '\tUnique bool           `json:"unique"`\n\tWhere  string         `json:"where,omitempty"` // a partial index\'s SQL condition\n\n\tExpireAfterSeconds *int32 `json:"expireAfterSeconds,omitempty"` // a TTL index\'s\n}\n',
  },
  {
    file: 'internal/backends/sqlite/metadata/settings.go',
    from: '\t\t\tUnique: index.Unique,\n\t\t}\n',
    to: '\t\t\tUnique: index.Unique,\n\t\t\tWhere:  index.Where,\n\n\t\t\tExpireAfterSeconds: index.ExpireAfterSeconds,\n\t\t}\n',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\t\t\tUnique: index.Unique,\n\t\t}\n\n\t\tfor j, key := range index.Key {\n\t\t\tindexes[i].Key[j]',
    to: '\t\t\tUnique: index.Unique,\n\t\t\tWhere:  partialWhere(index.PartialFilter),\n\n\t\t\tExpireAfterSeconds: index.ExpireAfterSeconds,\n\t\t}\n\n\t\tfor j, key := range index.Key {\n\t\t\tindexes[i].Key[j]',
  },
  {
    file: 'internal/handler/msg_createindexes.go',
    from: '\t\tcase "partialFilterExpression", "expireAfterSeconds", "hidden", "storageEngine",\n',
    to: `\t\tcase "partialFilterExpression":
\t\t\t// Momentum: held as an index over every document, which answers the queries a
\t\t\t// partial one would (ferretdb-patch.mjs, change 5); not for a unique index.
\t\t\tif _, ok := must.NotFail(indexDoc.Get(opt)).(*types.Document); !ok {
\t\t\t\treturn nil, handlererrors.NewCommandErrorMsgWithArgument(
\t\t\t\t\thandlererrors.ErrTypeMismatch, "'partialFilterExpression' must be an object", command,
\t\t\t\t)
\t\t\t}

\t\t\tif unique, _ := indexDoc.Get("unique"); unique == true {
\t\t\t\treturn nil, handlererrors.NewCommandErrorMsgWithArgument(
\t\t\t\t\thandlererrors.ErrNotImplemented, "A unique partial index is not implemented yet", command,
\t\t\t\t)
\t\t\t}

\t\t\tindex.PartialFilter = must.NotFail(indexDoc.Get(opt)).(*types.Document)

\t\tcase "expireAfterSeconds":
\t\t\t// Momentum: a TTL index (momentum_ttl.go, change 15).
\t\t\tif index.ExpireAfterSeconds, err = ttlOption(command, &index, must.NotFail(indexDoc.Get(opt))); err != nil {
\t\t\t\treturn nil, err
\t\t\t}

\t\tcase "hidden", "storageEngine",
`,
  },
  // 15. TTL indexes: listed with their option, and an equivalent index asked for with another
  // expiry is refused as MongoDB refuses it.
  {
    file: 'internal/backends/sqlite/collection.go',
    from: '\t\tres.Indexes[i] = backends.IndexInfo{\n\t\t\tName:   index.Name,\n\t\t\tUnique: index.Unique,\n',
    to: '\t\tres.Indexes[i] = backends.IndexInfo{\n\t\t\tName:   index.Name,\n\t\t\tUnique: index.Unique,\n\n\t\t\tExpireAfterSeconds: index.ExpireAfterSeconds,\n',
  },
  {
    file: 'internal/handler/msg_listindexes.go',
    from: '\t\tfirstBatch.Append(indexDoc)\n',
    to: '\t\tif index.ExpireAfterSeconds != nil {\n\t\t\tindexDoc.Set("expireAfterSeconds", *index.ExpireAfterSeconds)\n\t\t}\n\n\t\tfirstBatch.Append(indexDoc)\n',
  },
  {
    file: 'internal/handler/msg_createindexes.go',
    from: '\t\t\tif (newIdx.Name == existingIdx.Name && newKey == existingKey) || newKey == "_id: 1" {\n',
    to: `\t\t\tif newIdx.Name == existingIdx.Name && newKey == existingKey && !sameTTL(newIdx, existingIdx) {
\t\t\t\treturn nil, ttlConflict(command, newIdx, existingIdx)
\t\t\t}

\t\t\tif (newIdx.Name == existingIdx.Name && newKey == existingKey) || newKey == "_id: 1" {
`,
  },
  {
    file: 'internal/handler/handler.go',
    from: '\t\th.runCappedCleanup()\n\t}()\n',
    to: '\t\th.runCappedCleanup()\n\t}()\n\n\th.wg.Add(1)\n\n\tgo func() {\n\t\tdefer h.wg.Done()\n\n\t\th.runTTLMonitor() // momentum_ttl.go\n\t}()\n',
  },
  {
    file: 'internal/handler/msg_explain.go',
    from: '\tres, err := coll.Explain(connCtx, qp)\n',
    to: `\tif !h.DisablePushdown && !cInfo.Capped() {
\t\tqp.Full = &backends.FullQuery{Filter: params.Filter, Sort: params.Sort, Skip: params.Skip, Limit: params.Limit}
\t}

\tres, err := coll.Explain(connCtx, qp)
`,
  },
  {
    file: 'internal/types/document_validation.go',
    from: 'func (d *Document) validateData(isTopLevel bool) error {\n\td.moveIDToTheFirstIndex()\n',
    to: 'func (d *Document) validateData(isTopLevel bool) error {\n\tif isTopLevel { // Momentum: an embedded document keeps its order\n\t\td.moveIDToTheFirstIndex()\n\t}\n',
  },
  // 17. The statements of an `update` command in one transaction (command.go): a statement
  // joins the command's transaction in a savepoint, and reads of its database see it.
  {
    file: 'internal/util/fsql/db.go',
    from: 'func (db *DB) InTransaction(ctx context.Context, f func(*Tx) error) (err error) {\n\tvar sqlTx *sql.Tx\n',
    to: 'func (db *DB) InTransaction(ctx context.Context, f func(*Tx) error) (err error) {\n\tif s := scopeOf(ctx, db); s != nil { // Momentum: momentum_command.go\n\t\treturn s.statement(ctx, db, f)\n\t}\n\n\tvar sqlTx *sql.Tx\n',
  },
  {
    file: 'internal/handler/msg_update.go',
    from: '\t"github.com/FerretDB/FerretDB/internal/util/iterator"\n',
    to: '\t"github.com/FerretDB/FerretDB/internal/util/fsql"\n\t"github.com/FerretDB/FerretDB/internal/util/iterator"\n',
  },
  {
    file: 'internal/backends/sqlite/metadata/pool/uri.go',
    from: '\tif !autoVacuum {\n\t\tvalues.Add("_pragma", "auto_vacuum(none)") // TODO https://github.com/FerretDB/FerretDB/issues/3612\n\t}\n',
    to: `\tif !autoVacuum {
\t\tvalues.Add("_pragma", "auto_vacuum(none)") // TODO https://github.com/FerretDB/FerretDB/issues/3612
\t}

\t// Momentum (momentum_command.go): a savepoint's journal in memory. In a temporary file,
\t// made and removed for each statement, it cost more than the commits it saves.
\ttempStore := false
\tfor _, v := range values["_pragma"] {
\t\ttempStore = tempStore || strings.HasPrefix(v, "temp_store")
\t}

\tif !tempStore {
\t\tvalues.Add("_pragma", "temp_store(memory)")
\t}
`,
  },
  // 18. A statement's read ends with the statement (it ended with the command): every
  // statement held a connection of the pool's 100 to the end, so a command of 100 never
  // answered, and held its database's writes meanwhile.
  {
    file: 'internal/handler/msg_update.go',
    from: '\t\tcloser := iterator.NewMultiCloser()\n\t\tdefer closer.Close()\n',
    to: '\t\tcloser := iterator.NewMultiCloser()\n',
  },
  {
    file: 'internal/handler/msg_update.go',
    from: '\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)\n',
    to: '\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)\n\t\tcloser.Close()\n\n',
  },
  {
    file: 'internal/handler/msg_update.go',
    from: 'import (\n\t"context"\n\t"fmt"\n',
    to: 'import (\n\t"context"\n\t"fmt"\n\t"slices"\n',
  },
  {
    file: 'internal/handler/msg_update.go',
    from: 'func (h *Handler) updateDocument(ctx context.Context, params *common.UpdateParams) (int32, int32, *types.Array, error) {\n',
    to: 'func (h *Handler) updateDocument(ctx context.Context, params *common.UpdateParams) (_, _ int32, _ *types.Array, err error) {\n',
  },
  {
    file: 'internal/handler/msg_update.go',
    from: '\tfor _, u := range params.Updates {\n\t\tc, err := db.Collection(params.Collection)\n',
    to: `\t// Momentum: one transaction for the statements (momentum_command.go), committed before
\t// the database's writes are let go. Not with a multi-document statement: it reads and
\t// writes its documents as it goes, and the transaction's own reads would meet a document
\t// it moved ahead along the index they walk.
\tif len(params.Updates) > 1 && !slices.ContainsFunc(params.Updates, func(u common.Update) bool { return u.Multi }) {
\t\tvar scope *fsql.CommandScope
\t\tctx, scope = fsql.WithCommandScope(ctx)

\t\tdefer func() {
\t\t\tif endErr := scope.End(); endErr != nil && err == nil {
\t\t\t\terr = lazyerrors.Error(endErr)
\t\t\t}
\t\t}()
\t}

\tfor _, u := range params.Updates {
\t\tc, err := db.Collection(params.Collection)
`,
  },
];

/** A short digest of everything the patch consists of (the scripts and the Go files). */
export function ferretDBPatchDigest() {
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)));
  for (const file of Object.keys(FILES)) hash.update(readFileSync(path.join(GO_DIR, file)));
  hash.update(readFileSync(DRIVER_PATCH)).update(readFileSync(DRIVER_FILE));
  hash.update(readFileSync(LIB_FILE));
  hash.update(readFileSync(LIBC_PATCH)).update(readFileSync(LIBC_FILE));
  hash.update(readFileSync(VENDOR_MODULE)).update(readFileSync(TEXT_CHANGE));
  return hash.digest('hex').slice(0, 8);
}

/**
 * Applies the changes to a FerretDB source tree; fails, writing nothing, if the source is
 * not what we expect.
 */
export function patchFerretDBSource(srcDir) {
  const texts = new Map();
  for (const { file, from, to, count } of CHANGES) {
    const text = texts.get(file) ?? readFileSync(path.join(srcDir, file), 'utf8');
    texts.set(file, changeText(text, [{ from, to, count }], { upstream: 'FerretDB source', file }));
  }
  for (const [file, text] of texts) writeFileSync(path.join(srcDir, file), text);
  for (const [from, to] of Object.entries(FILES))
    copyFileSync(path.join(GO_DIR, from), path.join(srcDir, to));
}

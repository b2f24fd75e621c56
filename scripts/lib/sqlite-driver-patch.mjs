// The change we make to modernc.org/sqlite, the SQLite driver FerretDB v1.24.2 builds with.
//
// 6. The driver compiles a statement on every execution and finalizes it after, so each
// insert and update FerretDB runs was compiled anew, coding every index's expressions: a
// third of the engine's CPU per write with the query pushdown's typed index expressions
// (Go profile of 16 clients inserting a task and pulling its outbox: sqlite3_prepare_v2 36%
// of the engine's CPU). Each connection now keeps up to 64 compiled statements by their SQL
// text and resets one to run it again (scripts/ferretdb/sqlite-driver/stmtcache.go). The
// driver is copied beside FerretDB's source (its large generated `lib` linked, not copied),
// changed there, and FerretDB's go.mod replaces the module with the copy.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vendorModule } from './vendor-module.mjs';

export const SQLITE_DRIVER = 'modernc.org/sqlite';
export const SQLITE_DRIVER_VERSION = 'v1.32.0';

/** Our Go file that joins the driver's package. */
export const DRIVER_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'ferretdb',
  'sqlite-driver',
  'stmtcache.go',
);

/** Each `from` must occur exactly `count` times in the driver's sqlite.go. */
export const DRIVER_CHANGES = [
  {
    from: '\tdb  uintptr // *sqlite3.Xsqlite3\n\ttls *libc.TLS\n',
    to: '\tdb  uintptr // *sqlite3.Xsqlite3\n\ttls *libc.TLS\n\n\tstmts stmtCache // compiled statements kept for their next run (stmtcache.go)\n',
    count: 1,
  },
  { from: 's.c.prepareV2(&psql)', to: 's.c.prepareCached(&psql)', count: 2 },
  { from: 'e := s.c.finalize(pstmt)', to: 'e := s.c.release(pstmt)', count: 4 },
  { from: 'return r.c.finalize(r.pstmt)', to: 'return r.c.release(r.pstmt)', count: 1 },
  {
    from: '\tif c.db != 0 {\n\t\tif err := c.closeV2(c.db); err != nil {',
    to: '\tif c.db != 0 {\n\t\tc.finalizeKept()\n\n\t\tif err := c.closeV2(c.db); err != nil {',
    count: 1,
  },
];

/** The driver's sqlite.go with the changes made; throws if it is not the text we expect. */
export function patchDriverSource(text) {
  for (const { from, to, count } of DRIVER_CHANGES) {
    const found = text.split(from).length - 1;
    if (found !== count)
      throw new Error(`${SQLITE_DRIVER} changed: expected ${count} "${from}", found ${found}`);
    text = text.split(from).join(to);
  }
  return text;
}

/**
 * Copies the driver into `<ferretSrc>/third_party/sqlite`, changes it there, and points
 * FerretDB's go.mod at the copy.
 */
export function vendorPatchedDriver(ferretSrc, env) {
  vendorModule(ferretSrc, env, {
    module: SQLITE_DRIVER,
    version: SQLITE_DRIVER_VERSION,
    dir: 'sqlite',
    place: (name) => {
      if (name === 'sqlite.go') return patchDriverSource;
      // The generated C-in-Go is 146 MB and unchanged: linked, not copied.
      if (name === 'lib') return 'link';
      if (/^(go\.mod|go\.sum|LICENSE|SQLITE-LICENSE)$|^[^/]*(?<!_test)\.go$/.test(name))
        return 'copy';
    },
    goFile: DRIVER_FILE,
  });
}

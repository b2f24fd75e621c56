// The change we make to modernc.org/sqlite, the SQLite driver FerretDB v1.24.2 builds with.
//
// 6. The driver compiles a statement on every execution and finalizes it after, so each
// insert and update FerretDB runs was compiled anew, coding every index's expressions: a
// third of the engine's CPU per write with the query pushdown's typed index expressions
// (Go profile of 16 clients inserting a task and pulling its outbox: sqlite3_prepare_v2 36%
// of the engine's CPU). Each connection now keeps up to 64 compiled statements by their SQL
// text and resets one to run it again (infra/ferretdb/go/sqlite-driver/stmtcache.go). The
// driver is copied beside FerretDB's source (its large generated `lib` linked, not copied),
// changed there, and FerretDB's go.mod replaces the module with the copy.
//
// 20. SQLite wrote each frame of its write-ahead log as two writes, a header and a page: a
// commit of a task insert made about 24 pwrite calls, a tenth of the engine's CPU under
// creates. A call's frames now go in one write (infra/ferretdb/go/sqlite-lib/walbatch.go).
// The two generated files it builds for are copied with the call changed (LIB_CHANGES); the
// rest of `lib` is linked.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { changeText } from './text-change.mjs';
import { vendorModule } from './vendor-module.mjs';

export const SQLITE_DRIVER = 'modernc.org/sqlite';
export const SQLITE_DRIVER_VERSION = 'v1.32.0';

/** One of our Go files under infra/ferretdb/go. */
const ourGoFile = (...parts) =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'go', ...parts);

/** Our Go file that joins the driver's package. */
export const DRIVER_FILE = ourGoFile('sqlite-driver', 'stmtcache.go');

/** Our Go file that joins the generated `lib` package. */
export const LIB_FILE = ourGoFile('sqlite-lib', 'walbatch.go');

/** The generated files walbatch.go builds for (its build constraint). */
const LIB_GENERATED = ['sqlite_linux_amd64.go', 'sqlite_linux_arm64.go'];

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
export const patchDriverSource = (text) =>
  changeText(text, DRIVER_CHANGES, { upstream: SQLITE_DRIVER, file: 'sqlite.go' });

/** Each `from` must occur exactly once in each of LIB_GENERATED, inside walFrames. */
export const LIB_CHANGES = [
  {
    // A batch for the call, its buffer given back however the call ends.
    from: '\tvar bSync, nDbSize, nExtra, rc, sectorSize, szFrame, v1 int32\n',
    to: '\tvar batch walBatch\n\tdefer batch.release()\n\tvar bSync, nDbSize, nExtra, rc, sectorSize, szFrame, v1 int32\n',
  },
  {
    from: '\t\trc = _walWriteOneFrame(tls, bp, p, nDbSize, iOffset)\n',
    to: '\t\trc = batch.frame(tls, bp, p, nDbSize, iOffset)\n',
  },
  {
    // Written before anything reads the frames: the checksums' rewrite, the sync, the index.
    from: '\t/* Recalculate checksums within the wal file if required. */\n',
    to: '\tif rc = batch.write(tls, bp); rc != 0 {\n\t\treturn rc\n\t}\n\t/* Recalculate checksums within the wal file if required. */\n',
  },
];

/** A generated file of `lib` with LIB_CHANGES made; throws if it is not the text we expect. */
export const patchLibSource = (text, file = 'lib') =>
  changeText(text, LIB_CHANGES, { upstream: SQLITE_DRIVER, file });

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
      // The generated C-in-Go is 146 MB: linked, not copied, but for the files changed.
      if (name === 'lib')
        return {
          place: (file) =>
            LIB_GENERATED.includes(file) ? (text) => patchLibSource(text, file) : 'link',
          goFile: LIB_FILE,
        };
      if (/^(go\.mod|go\.sum|LICENSE|SQLITE-LICENSE)$|^[^/]*(?<!_test)\.go$/.test(name))
        return 'copy';
    },
    goFile: DRIVER_FILE,
  });
}

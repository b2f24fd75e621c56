// Momentum's addition to modernc.org/sqlite v1.32.0, the SQLite driver FerretDB builds with
// (infra/ferretdb/build/ferretdb-patch.mjs copies the driver beside FerretDB's source, adds this file
// and points FerretDB's go.mod at the copy).
//
// The driver compiled every statement anew on every execution (sqlite3_prepare_v2, then
// sqlite3_finalize), and FerretDB runs the same few statements over and over. With the
// typed index expressions of the query pushdown, compiling an insert or an update (which
// codes every index's expressions) was a third of the engine's CPU per write. Each
// connection now keeps its compiled statements by their SQL text and resets one to run it
// again. SQLite recompiles a kept statement itself when the schema changes (prepare_v2);
// one whose last run failed is dropped.

package sqlite

import (
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// stmtCacheSize bounds the statements one connection keeps (a statement holds its compiled
// program: tens of kilobytes with many index expressions).
const stmtCacheSize = 64

type cachedStmt struct {
	pstmt uintptr
	tail  uintptr // the length of the SQL text the statement consumed
	sql   string
	inUse bool
	used  uint64 // when last taken, for evicting the least recently used
}

type stmtCache struct {
	bySQL map[string]*cachedStmt
	byPtr map[uintptr]*cachedStmt
	clock uint64
}

// prepareCached is prepareV2 that takes a compiled statement of the same text when one is
// kept and idle. Only a whole single-statement text is kept (the tail is empty).
func (c *conn) prepareCached(zSQL *uintptr) (uintptr, error) {
	if c.stmts.bySQL == nil {
		c.stmts.bySQL = map[string]*cachedStmt{}
		c.stmts.byPtr = map[uintptr]*cachedStmt{}
	}

	text := libc.GoString(*zSQL)
	c.stmts.clock++

	if e := c.stmts.bySQL[text]; e != nil && !e.inUse {
		e.inUse, e.used = true, c.stmts.clock
		*zSQL += e.tail

		return e.pstmt, nil
	}

	start := *zSQL

	pstmt, err := c.prepareV2(zSQL)
	if err != nil || pstmt == 0 {
		return pstmt, err
	}

	if *(*byte)(unsafe.Pointer(*zSQL)) != 0 || c.stmts.bySQL[text] != nil {
		return pstmt, nil // several statements, or the kept one is busy: not kept
	}

	if len(c.stmts.bySQL) >= stmtCacheSize {
		c.evictOldest()
	}

	e := &cachedStmt{pstmt: pstmt, tail: *zSQL - start, sql: text, inUse: true, used: c.stmts.clock}
	c.stmts.bySQL[text] = e
	c.stmts.byPtr[pstmt] = e

	return pstmt, nil
}

// release is finalize for a statement that may be kept: a kept one is reset for its next
// run (and dropped if its last run failed, returning that error as finalize would).
func (c *conn) release(pstmt uintptr) error {
	e := c.stmts.byPtr[pstmt]
	if e == nil {
		return c.finalize(pstmt)
	}

	e.inUse = false

	rc := sqlite3.Xsqlite3_reset(c.tls, pstmt)
	sqlite3.Xsqlite3_clear_bindings(c.tls, pstmt)

	if rc != sqlite3.SQLITE_OK {
		c.drop(e)
		return c.errstr(rc)
	}

	return nil
}

// evictOldest finalizes the least recently used idle statement.
func (c *conn) evictOldest() {
	var oldest *cachedStmt

	for _, e := range c.stmts.bySQL {
		if !e.inUse && (oldest == nil || e.used < oldest.used) {
			oldest = e
		}
	}

	if oldest != nil {
		c.drop(oldest)
	}
}

func (c *conn) drop(e *cachedStmt) {
	delete(c.stmts.bySQL, e.sql)
	delete(c.stmts.byPtr, e.pstmt)
	sqlite3.Xsqlite3_finalize(c.tls, e.pstmt)
}

// finalizeKept finalizes every kept statement: a connection closed with statements left
// would stay open as a zombie.
func (c *conn) finalizeKept() {
	for _, e := range c.stmts.bySQL {
		c.drop(e)
	}
}

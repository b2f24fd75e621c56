// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): a database's write-ahead log kept from growing without bound
// while writes go on.
//
// SQLite's automatic checkpoint, run by each commit once the log holds 1,000 pages, copies
// the log's pages into the database file up to the oldest read still open, and the log
// starts over from its beginning only once all of it is copied and no read is on it. An
// update or findAndModify writes its document while its own query is still open, so the
// checkpoint after it never copied the newest pages, and the log never started over: under
// 16 connections completing habits one database's log grew 7.5 MB a second (180 MB in 25 s,
// beside a 0.4 MB database), and every commit ran a checkpoint with an fsync, 15–17% of the
// engine's CPU. Now every walLookEvery writes, as the write command that completes the count
// ends (its reads closed, the database's writes still held), a checkpoint copies the whole
// log, and the next write starts it over.

package sqlite

import (
	"context"
	"fmt"
	"sync"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
)

const (
	// walLookEvery is how many writes of a database pass between two looks at its log
	// (inserted and updated documents). Deletes are not counted: FerretDB closes a delete's
	// read before its write, so SQLite's own checkpoint starts the log over under them
	// (3,000 deletes of 3 KB documents in turn left the log at the size it had before).
	walLookEvery = 64

	// walTruncatePages is the log size, in pages, past which a look empties it: a log that
	// outgrew the automatic checkpoint's 1,000 pages because a read stayed on it (an open
	// cursor holds its query's read).
	walTruncatePages = 1200

	// walReaderWaitMs is how long emptying the log waits for the reads still on it, holding
	// the database's write lock (writes wait); a read that stays longer makes it give up
	// until the next look.
	walReaderWaitMs = 50
)

// walBook counts each database's writes and marks a look at its log due every
// walLookEvery of them; the look runs when the write command ends (afterWriteCommand).
type walBook struct {
	mu     sync.Mutex
	writes map[string]int
	due    map[string]*fsql.DB
}

var wals = &walBook{writes: map[string]int{}, due: map[string]*fsql.DB{}}

func init() {
	backends.AfterWriteCommand = wals.afterWriteCommand
}

// wrote counts n writes of the database dbName (db).
func (w *walBook) wrote(dbName string, db *fsql.DB, n int) {
	w.mu.Lock()
	defer w.mu.Unlock()

	w.writes[dbName] += n
	if w.writes[dbName] >= walLookEvery {
		w.writes[dbName] = 0
		w.due[dbName] = db
	}
}

// afterWriteCommand checkpoints the log of dbName when a look is due. It runs as a write
// command ends, while the command still holds the database's writes (the handler's lockDB)
// and has closed its reads: the checkpoint then waits for no writer, and for no read of the
// command itself (run from within the write, it could not copy past the update's own query).
func (w *walBook) afterWriteCommand(dbName string) {
	w.mu.Lock()
	db := w.due[dbName]
	delete(w.due, dbName)
	w.mu.Unlock()

	if db != nil {
		_ = checkpointLog(context.Background(), db)
	}
}

// checkpointLog copies db's log into the database file with a PASSIVE checkpoint, which
// never waits, so the next write starts the log over. A log still longer than
// walTruncatePages (a read held it) is emptied, its file's space given back, by a TRUNCATE
// checkpoint, which waits up to walReaderWaitMs for the reads on it. Reads are never
// blocked: one that starts once the log is all copied reads the database file alone.
func checkpointLog(ctx context.Context, db *fsql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()

	var busy, pages, copied int
	if err = conn.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &pages, &copied); err != nil {
		return err
	}

	if pages < walTruncatePages {
		return nil
	}

	// The connection's own wait, restored before it goes back to the pool.
	var timeout int
	if err = conn.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&timeout); err != nil {
		return err
	}

	if _, err = conn.ExecContext(ctx, fmt.Sprintf("PRAGMA busy_timeout = %d", walReaderWaitMs)); err != nil {
		return err
	}

	defer conn.ExecContext(ctx, fmt.Sprintf("PRAGMA busy_timeout = %d", timeout)) //nolint:errcheck // best effort

	return conn.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &pages, &copied)
}

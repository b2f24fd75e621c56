// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): SQLite's statistics (ANALYZE) for each collection, kept as it
// grows. Without them the planner guesses each index's selectivity and, given a query that
// two indexes could serve (a search's multikey elements against a list's compound equality
// index), picks the one with more equality terms even when it reads a hundred times the rows.
// MongoDB tries the candidate plans; SQLite needs to be told what the data looks like.

package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
)

// errNoStats: some table has no statistics.
var errNoStats = errors.New("no statistics")

// analysisLimit bounds the rows ANALYZE samples per index for its averages. It still
// counts every index's entries (SQLite's OP_Count reads each index whole), so a run's time
// grows with the collection: see analyzeBudget.
const analysisLimit = 1000

// analyzeBudget is how long a background analysis may take. ANALYZE holds the database's
// write lock throughout, and every write waits: on the bench's issues (29 indexes, two of
// them multikey with ~60 entries per issue) a run took 16 s at 100,000, 30 s at 200,000 and
// 2 minutes at 400,000, and inserts failed with SQLITE_BUSY meanwhile. A collection whose
// run took longer keeps the statistics it has (their proportions, which the planner
// compares, change little as it grows) and is not analyzed in the background again.
const analyzeBudget = time.Second

// statsBook counts each collection's writes and analyzes it again once it has taken as
// many writes as it had rows when last analyzed (at least minWritesBetween), in the
// background, one run per collection at a time, until a run exceeds analyzeBudget.
type statsBook struct {
	mu        sync.Mutex
	writes    map[string]int64
	rows      map[string]int64
	analyzing map[string]bool
	settled   map[string]bool // its last run took longer than analyzeBudget
}

const minWritesBetween = 1000

func newStatsBook() *statsBook {
	return &statsBook{
		writes:    map[string]int64{},
		rows:      map[string]int64{},
		analyzing: map[string]bool{},
		settled:   map[string]bool{},
	}
}

// wrote counts n writes of a collection and starts an analysis when one is due.
func (s *statsBook) wrote(db *fsql.DB, key string, tables []string, n int) {
	s.mu.Lock()
	s.writes[key] += int64(n)
	due := !s.analyzing[key] && !s.settled[key] && s.writes[key] >= max(minWritesBetween, s.rows[key])
	if due {
		s.analyzing[key] = true
		s.writes[key] = 0
	}
	s.mu.Unlock()

	if due {
		go func() {
			rows, took, err := analyze(context.Background(), db, tables)

			s.mu.Lock()
			defer s.mu.Unlock()

			s.analyzing[key] = false
			s.settled[key] = err == nil && took > analyzeBudget
			if err == nil {
				s.rows[key] = rows
			}
		}()
	}
}

// analyzeIfNever analyzes a collection when some of its tables have no statistics yet (when
// first used: a side table made for an existing collection has none).
func (s *statsBook) analyzeIfNever(ctx context.Context, db *fsql.DB, key string, tables []string) {
	rows, err := statRows(ctx, db, tables[0])

	for _, table := range tables[1:] {
		var n int
		if err == nil && db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = ?`, table).Scan(&n) == nil && n == 0 {
			err = errNoStats
		}
	}

	// Statistics far smaller than the table were left behind when a run took too long (in
	// an earlier process: the book does not outlive it), and the next run would too.
	var settled bool

	if err != nil {
		if rows, _, err = analyze(ctx, db, tables); err != nil {
			return
		}
	} else {
		// Counted no further than twice the statistics' size: cheap whatever the table's.
		bound := 2 * max(rows, minWritesBetween)
		var n int64
		q := fmt.Sprintf(`SELECT COUNT(*) FROM (SELECT 1 FROM %q LIMIT ?)`, tables[0])
		if db.QueryRowContext(ctx, q, bound+1).Scan(&n) == nil {
			settled = n > bound
		}
	}

	s.mu.Lock()
	s.rows[key] = rows
	s.settled[key] = settled
	s.mu.Unlock()
}

// analyze runs ANALYZE on the tables (a collection's, and its multikey table) and returns
// the collection's row count as SQLite now estimates it, and how long it held the write
// lock (the wait for the lock not counted).
func analyze(ctx context.Context, db *fsql.DB, tables []string) (int64, time.Duration, error) {
	var rows int64
	var start time.Time

	err := db.InTransaction(ctx, func(tx *fsql.Tx) error {
		start = time.Now()

		// A connection's setting: it applies to this transaction's connection.
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA analysis_limit = %d", analysisLimit)); err != nil {
			return err
		}

		for _, table := range tables {
			if _, err := tx.ExecContext(ctx, fmt.Sprintf("ANALYZE %q", table)); err != nil {
				return err
			}
		}

		if n, err := statRows(ctx, tx, tables[0]); err == nil {
			rows = n
		}

		return nil
	})

	return rows, time.Since(start), err
}

// statRows is a table's row count as its statistics estimate it: the largest of its
// indexes' entries (each sqlite_stat1 row starts with one). Not any one index's: a partial
// index (an outbox's pending entries) holds a few rows of millions, and read as the table's
// size it had the collection analyzed again after every thousand writes.
func statRows(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, table string) (int64, error) {
	var rows sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT MAX(CAST(stat AS INTEGER)) FROM sqlite_stat1 WHERE tbl = ?`, table).Scan(&rows)
	if err == nil && !rows.Valid {
		err = errNoStats
	}

	return rows.Int64, err
}

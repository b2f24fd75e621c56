// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/util/fsql): the statements of one write command in one transaction.
//
// An `update` command of several statements (a client's bulkWrite of updateOnes, an
// outbox's batch of pulls) ran each statement in a transaction of its own: a commit each,
// and each commit wrote every page its statement changed to the write-ahead log again,
// though the statements of a batch mostly change the same few pages. Under a command
// scope the command's first write begins one transaction; each statement runs in a
// savepoint of it, so one that fails takes back only its own changes, as its own
// transaction did; the command's reads of that database see what its earlier statements
// wrote; and the command commits once, as it ends. The handler holds the database's
// writes for the whole command, so no other writer waits longer than it did before.

package fsql

import (
	"context"

	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

type commandScopeKey struct{}

// CommandScope is the transaction the writes of one command share, begun by its first
// write (a command that writes nothing begins none).
type CommandScope struct {
	db    *DB
	tx    *Tx
	ended bool
}

// WithCommandScope returns ctx under which the writes of one database share a transaction
// until End.
func WithCommandScope(ctx context.Context) (context.Context, *CommandScope) {
	s := new(CommandScope)
	return context.WithValue(ctx, commandScopeKey{}, s), s
}

// End commits the scope's transaction, if a write began one. Whatever runs under the scope
// afterwards runs on its own again.
func (s *CommandScope) End() error {
	tx := s.tx
	s.tx, s.ended = nil, true

	if tx == nil {
		return nil
	}

	// database/sql ends the transaction whether or not the commit succeeds: nothing to roll
	// back after it.
	if err := tx.Commit(); err != nil {
		return lazyerrors.Error(err)
	}

	return nil
}

// scopeOf is the open command scope of ctx that db's statements run in, if any.
func scopeOf(ctx context.Context, db *DB) *CommandScope {
	s, _ := ctx.Value(commandScopeKey{}).(*CommandScope)
	if s == nil || s.ended || (s.db != nil && s.db != db) {
		return nil
	}

	return s
}

// scopedTx is the transaction a statement of db under ctx runs in: the command's, once a
// write began it.
func scopedTx(ctx context.Context, db *DB) *Tx {
	if s := scopeOf(ctx, db); s != nil {
		return s.tx
	}

	return nil
}

// statement runs f in a savepoint of the scope's transaction, begun if this is the first.
func (s *CommandScope) statement(ctx context.Context, db *DB, f func(*Tx) error) (err error) {
	if s.tx == nil {
		sqlTx, err := db.sqlDB.BeginTx(statementContext(ctx), nil)
		if err != nil {
			return lazyerrors.Error(err)
		}

		s.db, s.tx = db, wrapTx(sqlTx, db.l)
	}

	tx := s.tx
	if _, err = tx.ExecContext(ctx, "SAVEPOINT momentum_statement"); err != nil {
		return lazyerrors.Error(err)
	}

	// As InTransaction: f's changes are taken back unless f returned without an error,
	// which also covers a panic or runtime.Goexit in f.
	var done bool

	defer func() {
		if done {
			return
		}

		_, _ = tx.ExecContext(ctx, "ROLLBACK TO momentum_statement")
		_, _ = tx.ExecContext(ctx, "RELEASE momentum_statement")
	}()

	if err = f(tx); err != nil {
		// not wrapped: as InTransaction, callers look at f's error
		return
	}

	if _, err = tx.ExecContext(ctx, "RELEASE momentum_statement"); err != nil {
		return lazyerrors.Error(err)
	}

	done = true

	return nil
}

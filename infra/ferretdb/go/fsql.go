// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/util/fsql): what a statement costs beyond SQLite's own work when nobody logs it.

package fsql

import (
	"context"
	"log/slog"
)

// quiet is whether no debug line of a statement would be written: then none is built.
// FerretDB built two per statement (a logger with its arguments, the query formatted) and
// dropped them at any level above debug.
func quiet(ctx context.Context, l *slog.Logger) bool {
	return !l.Enabled(ctx, slog.LevelDebug)
}

// statementContext is the context a statement or transaction runs with. One that can be
// canceled but has no deadline (a client's connection, which ends when the client goes) made
// the SQLite driver start a goroutine per statement, and database/sql one per result set and
// per transaction, only to interrupt it on cancellation: 3–6% of the engine's CPU in starting
// and waking them. A statement here runs in milliseconds, and a write the client no longer
// waits for is still the write it sent, as in MongoDB; so the connection's cancellation is
// not passed on. A deadline (`maxTimeMS`) still is, with its cancellation.
func statementContext(ctx context.Context) context.Context {
	if _, ok := ctx.Deadline(); ok {
		return ctx
	}

	return context.WithoutCancel(ctx)
}

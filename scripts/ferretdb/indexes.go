// Momentum's addition to FerretDB v1.24.2 (scripts/lib/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): an index made or dropped on a collection in use changes what
// this process knows of it (marks.go, multikey.go, analyze.go). Without this, a multikey
// index made on a loaded collection got no side table (its queries read the collection in
// Go), a dropped one kept its side table and triggers (every insert still wrote its
// entries), and a new index had no statistics, so SQLite's planner guessed: after the
// bench set a collection's indexes aside and made them again, an issue page took 3 s at
// 60,000 issues. MongoDB uses an index as soon as createIndexes returns; so does this.
// The patch renames FerretDB's own CreateIndexes and DropIndexes to createIndexes and
// dropIndexes, which these call.

package sqlite

import (
	"context"

	"github.com/FerretDB/FerretDB/internal/backends"
)

// CreateIndexes implements backends.Collection interface.
func (c *collection) CreateIndexes(ctx context.Context, params *backends.CreateIndexesParams) (*backends.CreateIndexesResult, error) { //nolint:lll // for readability
	res, err := c.createIndexes(ctx, params)
	if err == nil {
		c.indexesChanged(ctx)
	}

	return res, err
}

// DropIndexes implements backends.Collection interface.
func (c *collection) DropIndexes(ctx context.Context, params *backends.DropIndexesParams) (*backends.DropIndexesResult, error) {
	res, err := c.dropIndexes(ctx, params)
	if err == nil {
		c.indexesChanged(ctx)
	}

	return res, err
}

// indexesChanged loads the collection again as on first use (side tables made for new
// multikey indexes, dropped with theirs) and analyzes it, so every index has statistics
// before the first query that could use it. A failure leaves the collection forgotten:
// its next use loads it again.
func (c *collection) indexesChanged(ctx context.Context) {
	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	meta := c.r.CollectionGet(ctx, c.dbName, c.name)
	if db == nil || meta == nil {
		return
	}

	key := c.dbName + "." + c.name
	b := marksOf(c.r)
	b.forget(func(k string) bool { return k == key })

	m, err := b.rlockLoaded(ctx, db, key, meta)
	if err != nil {
		return
	}
	tables := tablesOf(meta, m)
	b.mu.RUnlock()

	if rows, err := analyze(ctx, db, tables); err == nil {
		b.stats.mu.Lock()
		b.stats.rows[key] = rows
		b.stats.mu.Unlock()
	}
}

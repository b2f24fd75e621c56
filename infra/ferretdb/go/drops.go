// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): a collection that is dropped or renamed, or whose database is,
// loses what this process knew of it (marks.go, multikey.go, analyze.go): a collection made
// again under the same name starts with a new table, without the old one's multikey table.
// The patch renames FerretDB's own DropCollection, RenameCollection and DropDatabase to
// dropCollection, renameCollection and dropDatabase, which these call.

package sqlite

import (
	"context"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
)

// forget drops what the book holds of the collections whose keys match.
func (b *markBook) forget(match func(key string) bool) {
	b.mu.Lock()
	defer b.mu.Unlock()

	b.forgotten++

	for key := range b.tables {
		if match(key) {
			delete(b.tables, key)
		}
	}

	b.stats.mu.Lock()
	defer b.stats.mu.Unlock()

	for key := range b.stats.rows {
		if match(key) {
			delete(b.stats.rows, key)
			delete(b.stats.writes, key)
		}
	}
}

// DropCollection implements backends.Database interface.
func (db *database) DropCollection(ctx context.Context, params *backends.DropCollectionParams) error {
	defer marksOf(db.r).forget(func(key string) bool { return key == db.name+"."+params.Name })
	return db.dropCollection(ctx, params)
}

// RenameCollection implements backends.Database interface.
func (db *database) RenameCollection(ctx context.Context, params *backends.RenameCollectionParams) error {
	defer marksOf(db.r).forget(func(key string) bool {
		return key == db.name+"."+params.OldName || key == db.name+"."+params.NewName
	})

	return db.renameCollection(ctx, params)
}

// DropDatabase implements backends.Backend interface.
func (b *backend) DropDatabase(ctx context.Context, params *backends.DropDatabaseParams) error {
	defer marksOf(b.r).forget(func(key string) bool { return strings.HasPrefix(key, params.Name+".") })
	return b.dropDatabase(ctx, params)
}

// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): every insert and update marks the fields its documents need
// marked (marks.go) before it commits, and is counted toward its database's next look at
// its write-ahead log (wal.go). The patch renames FerretDB's own InsertAll and
// UpdateAll to insertAll and updateAll, which these call.

package sqlite

import (
	"context"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// InsertAll implements backends.Collection interface.
func (c *collection) InsertAll(ctx context.Context, params *backends.InsertAllParams) (*backends.InsertAllResult, error) {
	if _, err := c.r.CollectionCreate(ctx, &metadata.CollectionCreateParams{DBName: c.dbName, Name: c.name}); err != nil {
		return nil, lazyerrors.Error(err)
	}

	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	meta := c.r.CollectionGet(ctx, c.dbName, c.name)

	if db == nil || meta == nil {
		return c.insertAll(ctx, params)
	}

	var res *backends.InsertAllResult

	err := marksOf(c.r).write(ctx, db, c.dbName+"."+c.name, meta, params.Docs, func() (err error) {
		res, err = c.insertAll(ctx, params)
		return
	})
	if err == nil {
		wals.wrote(c.dbName, db, len(params.Docs))
	}

	return res, err
}

// UpdateAll implements backends.Collection interface.
func (c *collection) UpdateAll(ctx context.Context, params *backends.UpdateAllParams) (*backends.UpdateAllResult, error) {
	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	meta := c.r.CollectionGet(ctx, c.dbName, c.name)

	if db == nil || meta == nil {
		return c.updateAll(ctx, params)
	}

	var res *backends.UpdateAllResult

	err := marksOf(c.r).write(ctx, db, c.dbName+"."+c.name, meta, params.Docs, func() (err error) {
		res, err = c.updateAll(ctx, params)
		return
	})
	if err == nil {
		wals.wrote(c.dbName, db, len(params.Docs))
	}

	return res, err
}

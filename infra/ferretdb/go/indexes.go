// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): index changes on a collection in use. The patch renames
// FerretDB's own CreateIndexes and DropIndexes to createIndexes and dropIndexes.
//
// A dropped index's side table (multikey.go) goes with it, triggers and all: kept, its
// triggers went on writing it while no index named it, and an index made again under the same
// name and keys found it "filled" and answered from it (`{tags: "b"}` found nothing after
// `tags` went from ["a"] to ["b"] between a drop and a create). A created index, or a dropped
// one, makes the collection's marks load again at its next use, which makes the side tables
// the indexes now call for (a multikey index made while the collection was in use was not
// walked until the engine restarted).

package sqlite

import (
	"context"
	"fmt"
	"slices"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// CreateIndexes implements backends.Collection interface.
func (c *collection) CreateIndexes(ctx context.Context, params *backends.CreateIndexesParams) (*backends.CreateIndexesResult, error) { //nolint:lll // for readability
	before := c.r.CollectionGet(ctx, c.dbName, c.name)

	res, err := c.createIndexes(ctx, params)
	if err != nil {
		if isUniqueViolation(err) {
			// The stored documents break a unique index asked for: MongoDB's 11000, naming it.
			probe := &metadata.Collection{}
			if before != nil {
				probe.TableName = before.TableName
				probe.Settings.Indexes = slices.Clone(before.Settings.Indexes)
			} else if after := c.r.CollectionGet(ctx, c.dbName, c.name); after != nil {
				probe.TableName = after.TableName
			}

			for _, index := range params.Indexes {
				info := metadata.IndexInfo{Name: index.Name, Unique: index.Unique}
				for _, key := range index.Key {
					info.Key = append(info.Key, metadata.IndexKeyPair{Field: key.Field, Descending: key.Descending})
				}

				probe.Settings.Indexes = append(probe.Settings.Indexes, info)
			}

			return nil, duplicateKey(probe, nil, err)
		}

		return nil, err
	}

	after := c.r.CollectionGet(ctx, c.dbName, c.name)
	if before == nil || after == nil || len(after.Settings.Indexes) != len(before.Settings.Indexes) {
		c.forgetMarks()
	}

	return res, nil
}

// DropIndexes implements backends.Collection interface.
func (c *collection) DropIndexes(ctx context.Context, params *backends.DropIndexesParams) (*backends.DropIndexesResult, error) {
	before := c.r.CollectionGet(ctx, c.dbName, c.name)

	res, err := c.dropIndexes(ctx, params)
	if err != nil || before == nil {
		return res, err
	}

	// Marks forgotten first: a query planned from them has started its statement by then,
	// and the next loads them without the dropped indexes' side tables.
	c.forgetMarks()

	db := c.r.DatabaseGetExisting(ctx, c.dbName)
	if db == nil {
		return res, nil
	}

	for _, index := range before.Settings.Indexes {
		if !slices.Contains(params.Indexes, index.Name) {
			continue
		}

		side, ok := sideOf(before.TableName, index)
		if !ok {
			continue
		}

		for _, kind := range []string{"insert", "update", updateTrigger, "delete"} {
			if _, err = db.ExecContext(ctx, fmt.Sprintf(`DROP TRIGGER IF EXISTS %q`, side.table+"__"+kind)); err != nil {
				return nil, lazyerrors.Error(err)
			}
		}

		if _, err = db.ExecContext(ctx, fmt.Sprintf(`DROP TABLE IF EXISTS %q`, side.table)); err != nil {
			return nil, lazyerrors.Error(err)
		}
	}

	return res, nil
}

// forgetMarks makes the collection's marks load again at its next use.
func (c *collection) forgetMarks() {
	key := c.dbName + "." + c.name
	marksOf(c.r).forget(func(k string) bool { return k == key })
}

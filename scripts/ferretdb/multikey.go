// Momentum's addition to FerretDB v1.24.2 (scripts/lib/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): multikey indexes. MongoDB indexes each element of an array
// field, so `{tags: "x"}` finds the documents whose `tags` holds "x" from the index. An
// SQLite expression index holds one value per row, so for an indexed field that holds
// arrays the collection gets a side table of (field, element rank, element value, `_id`)
// kept by triggers in the same transaction as every write, and the pushdown matches the
// field's elements there (pushdown.go).

package sqlite

import (
	"context"
	"fmt"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// multikeyTable is the side table of a collection's table.
func multikeyTable(table string) string { return table + "__multikey" }

// indexedFields are the top-level fields a collection's indexes name.
func indexedFields(meta *metadata.Collection) map[string]struct{} {
	fields := map[string]struct{}{}

	for _, index := range meta.Settings.Indexes {
		for _, key := range index.Key {
			if metadata.PushableField(key.Field) && key.Field != "_id" {
				fields[key.Field] = struct{}{}
			}
		}
	}

	return fields
}

// ensureMultikey gives each indexed field marked as having held an array its triggers (and
// the side table its rows), unless it has them already. It runs under the book's exclusive
// lock, before a write that stores a field's first array commits, and when a collection is
// first used after start.
func ensureMultikey(ctx context.Context, db *fsql.DB, meta *metadata.Collection, m *fieldMarks) error {
	for field := range indexedFields(meta) {
		if _, ok := m.array[field]; !ok {
			continue
		}

		if _, ok := m.multikey[field]; ok {
			continue
		}

		if err := addMultikey(ctx, db, meta.TableName, field); err != nil {
			return err
		}

		m.multikey[field] = struct{}{}
	}

	return nil
}

// addMultikey makes a field's triggers and fills its rows from what is stored. Triggers go
// with their table when a collection is dropped: a side table whose triggers are missing is
// refilled from scratch.
func addMultikey(ctx context.Context, db *fsql.DB, table, field string) error {
	side := multikeyTable(table)
	trigger := func(kind string) string { return fmt.Sprintf("%s__%s__%s", side, field, kind) }

	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name = ?`,
		trigger("insert")).Scan(&n); err != nil {
		return lazyerrors.Error(err)
	}

	if n == 1 {
		return nil
	}

	// The elements of a row's array (none when the field holds no array), each with the
	// rank of its type from the row's sjson schema and its value as ValueExpr gives it.
	// `from` names the rows (a trigger's NEW row needs none).
	elements := func(row, from string) string {
		return fmt.Sprintf(`SELECT '%[3]s', %[4]s, j.value, %[1]s.%[2]s->'_id' FROM %[5]sjson_each(%[1]s.%[2]s, '$."%[3]s"') AS j `+
			`WHERE %[1]s.%[2]s->>'$."$s".p."%[3]s".t' = 'array'`,
			row, metadata.DefaultColumn, field,
			metadata.RankOf(fmt.Sprintf(`%s.%s->>('$."$s".p."%s".i[' || j.key || '].t')`, row, metadata.DefaultColumn, field)),
			from)
	}

	insert := fmt.Sprintf(`INSERT INTO %q (field, rank, value, id) `, side)
	remove := fmt.Sprintf(`DELETE FROM %q WHERE field = '%s' AND id = OLD.%s->'_id';`, side, field, metadata.DefaultColumn)

	return db.InTransaction(ctx, func(tx *fsql.Tx) error {
		for _, q := range []string{
			fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %q (field TEXT NOT NULL, rank INTEGER NOT NULL, value ANY, id TEXT NOT NULL) STRICT`, side),
			fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (field, rank, value, id)`, side+"__key", side),
			fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (id)`, side+"__id", side),
			fmt.Sprintf(`DELETE FROM %q WHERE field = '%s'`, side, field),
			insert + elements("d", fmt.Sprintf("%q AS d, ", table)),
			fmt.Sprintf(`CREATE TRIGGER %q AFTER INSERT ON %q BEGIN %s; END`, trigger("insert"), table, insert+elements("NEW", "")),
			fmt.Sprintf(`CREATE TRIGGER %q AFTER UPDATE ON %q BEGIN %s %s; END`, trigger("update"), table, remove, insert+elements("NEW", "")),
			fmt.Sprintf(`CREATE TRIGGER %q AFTER DELETE ON %q BEGIN %s END`, trigger("delete"), table, remove),
		} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return lazyerrors.Errorf("%s: %w", q, err)
			}
		}

		return nil
	})
}

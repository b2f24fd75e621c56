// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): compound multikey indexes. MongoDB indexes each element of an
// array field, so `{tags: "x", team: t}` sorted by `_id` is a walk of the index
// `{tags: 1, team: 1, _id: 1}` that stops at the limit. An SQLite expression index holds one
// value per row, so an index whose first key is a field that has held arrays gets a side
// table: one row per document and distinct element of that field (one row for a value that is
// no array), with the rank and value of each of the index's keys (keys.go) and the document's
// `_id`, an SQLite index over them, and triggers that keep it in the same transaction as every
// write. The pushdown matches the field's elements there, and walks it in the index's order
// when the filter fixes a prefix of its keys and the sort follows (pushdown.go, query.go).

package sqlite

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// sideIndex is the side table of one index.
type sideIndex struct {
	table string // named by the index's name and keys: an index made again differently gets a new one
	keys  []metadata.IndexKeyPair
}

// field is the index's first key, the one whose elements the table holds.
func (s *sideIndex) field() string { return s.keys[0].Field }

// rankCol and valueCol name the columns of the index's key j.
func rankCol(j int) string  { return fmt.Sprintf("k%dr", j) }
func valueCol(j int) string { return fmt.Sprintf("k%dv", j) }

// sideLayout names the side tables' columns: a build that changes them names its tables anew.
const sideLayout = "v1"

// sideOf is the side table an index would have: one whose keys are all top-level fields,
// the first not `_id`.
func sideOf(table string, index metadata.IndexInfo) (*sideIndex, bool) {
	if index.Name == "_id_" || len(index.Key) == 0 || index.Key[0].Field == "_id" {
		return nil, false
	}

	spec := sideLayout + index.Name
	for _, key := range index.Key {
		if !metadata.PushableField(key.Field) {
			return nil, false
		}

		spec += fmt.Sprintf("\x00%s\x00%t", key.Field, key.Descending)
	}

	sum := sha256.Sum256([]byte(spec))

	return &sideIndex{table: table + "__mk_" + hex.EncodeToString(sum[:4]), keys: index.Key}, true
}

// wantedSides are the side tables of the indexes whose first field is marked as having held
// an array.
func wantedSides(meta *metadata.Collection, m *fieldMarks) []*sideIndex {
	var sides []*sideIndex

	for _, index := range meta.Settings.Indexes {
		if side, ok := sideOf(meta.TableName, index); ok {
			if _, ok = m.array[side.field()]; ok {
				sides = append(sides, side)
			}
		}
	}

	return sides
}

// ensureMultikey gives each wanted side table its rows and triggers, unless it has them
// already. It runs under the book's exclusive lock, before a write that stores a field's
// first array commits, and when a collection is first used after start.
func ensureMultikey(ctx context.Context, db *fsql.DB, meta *metadata.Collection, m *fieldMarks) error {
	for _, side := range wantedSides(meta, m) {
		if _, ok := m.sides[side.table]; ok {
			continue
		}

		if err := addSide(ctx, db, meta.TableName, side); err != nil {
			return err
		}

		m.sides[side.table] = side
		m.multikey[side.field()] = append(m.multikey[side.field()], side)
	}

	return nil
}

// addSide makes an index's side table and triggers, and fills it from what is stored.
// Triggers go with their table when a collection is dropped: a side table whose triggers
// are missing is refilled from scratch. A side table of an earlier build, whose update
// trigger fired on every update, gets the current one.
func addSide(ctx context.Context, db *fsql.DB, table string, side *sideIndex) error {
	trigger := func(kind string) string { return side.table + "__" + kind }
	exists := func(name string) (bool, error) {
		var n int
		err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name = ?`, name).Scan(&n)
		return n == 1, err
	}

	filled, err := exists(trigger("insert"))
	if err != nil {
		return lazyerrors.Error(err)
	}

	if filled {
		current, err := exists(trigger(updateTrigger))
		if err != nil {
			return lazyerrors.Error(err)
		}

		if current {
			return nil
		}

		return db.InTransaction(ctx, func(tx *fsql.Tx) error {
			for _, q := range []string{
				fmt.Sprintf(`DROP TRIGGER IF EXISTS %q`, trigger("update")),
				side.updateTriggerSQL(trigger(updateTrigger), table),
			} {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return lazyerrors.Errorf("%s: %w", q, err)
				}
			}

			return nil
		})
	}

	var columns, keyColumns []string
	for j, key := range side.keys {
		order := ""
		if key.Descending {
			order = " DESC"
		}

		columns = append(columns, rankCol(j)+" INTEGER NOT NULL", valueCol(j)+" ANY")
		keyColumns = append(keyColumns, rankCol(j)+order, valueCol(j)+order)
	}

	insert, remove := side.insertSQL(), side.removeSQL()

	// Filled first and indexed after: one sort per index, where inserting millions of
	// entries into its B-tree one at a time took tens of minutes.
	return db.InTransaction(ctx, func(tx *fsql.Tx) error {
		for _, q := range []string{
			fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %q (%s, id ANY NOT NULL) STRICT`, side.table, strings.Join(columns, ", ")),
			fmt.Sprintf(`DROP INDEX IF EXISTS %q`, side.table+"__key"),
			fmt.Sprintf(`DROP INDEX IF EXISTS %q`, side.table+"__id"),
			fmt.Sprintf(`DELETE FROM %q`, side.table),
			insert + side.rows("d", table),
			fmt.Sprintf(`CREATE INDEX %q ON %q (%s, id)`, side.table+"__key", side.table, strings.Join(keyColumns, ", ")),
			fmt.Sprintf(`CREATE INDEX %q ON %q (id)`, side.table+"__id", side.table),
			fmt.Sprintf(`CREATE TRIGGER %q AFTER INSERT ON %q BEGIN %s; END`, trigger("insert"), table, insert+side.rows("NEW", "")),
			side.updateTriggerSQL(trigger(updateTrigger), table),
			fmt.Sprintf(`CREATE TRIGGER %q AFTER DELETE ON %q BEGIN %s END`, trigger("delete"), table, remove),
		} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return lazyerrors.Errorf("%s: %w", q, err)
			}
		}

		return nil
	})
}

// rows is the SELECT of a document's entries: `row` names it (NEW in a trigger, or each
// row of `from`). An array gives one entry per distinct element, with the rank of its type
// from the document's sjson schema; any other value (null and missing too) gives one entry,
// as the table's own index would hold it. An empty array gives none: no equality matches it.
func (s *sideIndex) rows(row, from string) string {
	col := func(field string) string { return fmt.Sprintf(`%s.%s`, row, metadata.DefaultColumn) + field }
	typeOf := col(fmt.Sprintf(`->>'$."$s".p."%s".t'`, s.field()))

	// The other keys, as RankExpr and ValueExpr give them, then the `_id` text.
	var rest []string
	for _, key := range s.keys[1:] {
		rest = append(rest,
			metadata.RankOf(col(fmt.Sprintf(`->>'$."$s".p."%s".t'`, key.Field))),
			col(fmt.Sprintf(`->>'$."%s"'`, key.Field)))
	}

	rest = append(rest, fmt.Sprintf(`%s.%s`, row, metadata.IDColumn))
	tail := strings.Join(rest, ", ")

	elements := fmt.Sprintf(`SELECT DISTINCT %s, j.value, %s FROM %s json_each(%s, '$."%s"') AS j WHERE %s = 'array'`,
		metadata.RankOf(col(fmt.Sprintf(`->>('$."$s".p."%s".i[' || j.key || '].t')`, s.field()))),
		tail, fromClause(from, row), col(""), s.field(), typeOf)

	value := fmt.Sprintf(`SELECT %s, %s, %s`,
		metadata.RankOf(typeOf), col(fmt.Sprintf(`->>'$."%s"'`, s.field())), tail)
	if from != "" {
		value += fmt.Sprintf(` FROM %q AS %s`, from, row)
	}

	return elements + " UNION ALL " + value + fmt.Sprintf(` WHERE %s IS NOT 'array'`, typeOf)
}

// fromClause is the start of a FROM that lists the rows of a table before json_each.
func fromClause(from, row string) string {
	if from == "" {
		return ""
	}

	return fmt.Sprintf(`%q AS %s,`, from, row)
}

// updateTrigger names the update trigger that fires only for an update setting its keys'
// columns (`<side>__update` fired for every update).
const updateTrigger = "update_of"

// updateTriggerSQL makes the trigger that rewrites a document's entries when an update sets
// the key columns (keys.go) of one of the index's keys, which an update does only for a
// field whose value changed (keyed.go): an update of other fields, a status change or an
// outbox pull, fires nothing. Every update of the document fired the trigger before, and
// its WHEN parsed the old and the new document's JSON to find the keys unchanged: on an
// issue's status change, six parses of the issue (three side tables) per statement.
func (s *sideIndex) updateTriggerSQL(name, table string) string {
	var columns []string
	for _, key := range s.keys {
		columns = append(columns, metadata.KeyRankColumn(key.Field), metadata.KeyValueColumn(key.Field))
	}

	return fmt.Sprintf(`CREATE TRIGGER %q AFTER UPDATE OF %s ON %q WHEN %s BEGIN %s %s; END`,
		name, strings.Join(columns, ", "), table, s.changed(), s.removeSQL(), s.insertSQL()+s.rows("NEW", ""))
}

// removeSQL deletes a document's entries (in a trigger: the old row's).
func (s *sideIndex) removeSQL() string {
	return fmt.Sprintf(`DELETE FROM %q WHERE id = OLD.%s;`, s.table, metadata.IDColumn)
}

// insertSQL starts the INSERT of entries (rows gives them).
func (s *sideIndex) insertSQL() string {
	return fmt.Sprintf(`INSERT INTO %q `, s.table)
}

// changed is the WHEN of the update trigger: some key's value or type changed (an update of
// other fields leaves the entries as they are).
func (s *sideIndex) changed() string {
	var terms []string
	for _, key := range s.keys {
		for _, path := range []string{fmt.Sprintf(`'$."%s"'`, key.Field), fmt.Sprintf(`'$."$s".p."%s"'`, key.Field)} {
			terms = append(terms, fmt.Sprintf(`OLD.%[1]s->%[2]s IS NOT NEW.%[1]s->%[2]s`, metadata.DefaultColumn, path))
		}
	}

	return strings.Join(terms, " OR ")
}

// dropStaleSides removes the side tables, and their triggers, that the collection's indexes
// and marks no longer call for (a dropped index's, a layout's before), and the one side table
// of the build before (`<table>__multikey`, of elements alone). It runs when a collection is
// first used after start.
func dropStaleSides(ctx context.Context, db *fsql.DB, meta *metadata.Collection, m *fieldMarks) error {
	table := meta.TableName
	if table == "" {
		return nil
	}

	wanted := map[string]bool{}
	for _, side := range wantedSides(meta, m) {
		wanted[side.table] = true
	}

	legacy := table + "__multikey"
	isSide := func(name string) bool {
		return name == legacy || (strings.HasPrefix(name, table+"__mk_") && len(name) == len(table)+len("__mk_")+8)
	}

	rows, err := db.QueryContext(ctx, `SELECT type, name FROM sqlite_master WHERE type IN ('table', 'trigger') AND substr(name, 1, ?) = ?`,
		len(table)+2, table+"__")
	if err != nil {
		return lazyerrors.Error(err)
	}

	var triggers []string
	stale := map[string]bool{}

	for rows.Next() {
		var kind, name string
		if err = rows.Scan(&kind, &name); err != nil {
			rows.Close()
			return lazyerrors.Error(err)
		}

		// A trigger is `<side>__insert` and the like (before: `<table>__multikey__<field>__insert`).
		side := name
		if kind == "trigger" {
			side = name[:strings.LastIndex(name, "__")]
			if strings.HasPrefix(name, legacy+"__") {
				side = legacy
			}
		}

		if !isSide(side) || wanted[side] {
			continue
		}

		stale[side] = true
		if kind == "trigger" {
			triggers = append(triggers, name)
		}
	}

	rows.Close()

	if err = rows.Err(); err != nil {
		return lazyerrors.Error(err)
	}

	if len(stale) == 0 {
		return nil
	}

	return db.InTransaction(ctx, func(tx *fsql.Tx) error {
		for _, name := range triggers {
			if _, err := tx.ExecContext(ctx, fmt.Sprintf(`DROP TRIGGER IF EXISTS %q`, name)); err != nil {
				return lazyerrors.Error(err)
			}
		}

		for side := range stale {
			if _, err := tx.ExecContext(ctx, fmt.Sprintf(`DROP TABLE IF EXISTS %q`, side)); err != nil {
				return lazyerrors.Error(err)
			}
		}

		return nil
	})
}

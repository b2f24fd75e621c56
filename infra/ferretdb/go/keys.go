// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite/metadata): the SQL expressions that index a top-level field in
// MongoDB's comparison order, shared by index creation and the query pushdown so that
// SQLite's planner matches one to the other (it only matches identical expressions).

package metadata

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// A field is indexed, and queried in SQL, as two columns: its type's rank in MongoDB's
// comparison order, then its value. `->>` alone would compare a date (stored as its
// milliseconds) with a number and a boolean with 0 and 1; the rank keeps the brackets apart.
// Within a rank SQLite's order is MongoDB's: numbers numerically (integers and reals
// exactly), strings by their UTF-8 bytes (MongoDB's simple collation), dates by their
// milliseconds, false before true, ObjectIds by their hex text (the order of their bytes).
// Ranks whose values SQL cannot order (objects, arrays, binary, timestamps, regexes) are
// never pushed down: see pushdown.go in the sqlite package.
const (
	RankNull     = 2 // null, or the field is missing (MongoDB sorts both as null)
	RankNumber   = 3
	RankString   = 4
	RankObject   = 5
	RankArray    = 6
	RankBinData  = 7
	RankObjectID = 8
	RankBool     = 9
	RankDate     = 10
	RankTime     = 11
	RankRegex    = 12
)

// PushableField reports whether a field name can be named in a JSON path and an index
// expression as it is: top-level (no dot), not an operator, no quote or backslash.
func PushableField(field string) bool {
	return field != "" && !strings.ContainsAny(field, `."\'`) && !strings.HasPrefix(field, "$")
}

// RankExpr is the SQL expression of a field's type rank, read from the document's sjson
// schema (`$s.p.<field>.t`), which names the BSON type of every top-level value.
func RankExpr(field string) string {
	return RankExprOf(DefaultColumn, field)
}

// RankExprOf is RankExpr over the sjson text `src` gives (a column, or a statement's
// parameter).
func RankExprOf(src, field string) string {
	return RankOf(fmt.Sprintf(`%s->>'$."$s".p."%s".t'`, src, field))
}

// RankOf is the rank of the sjson type name an expression gives.
func RankOf(typeExpr string) string {
	return fmt.Sprintf(`CASE %s `+
		`WHEN 'int' THEN %[2]d WHEN 'long' THEN %[2]d WHEN 'double' THEN %[2]d `+
		`WHEN 'string' THEN %d WHEN 'object' THEN %d WHEN 'array' THEN %d WHEN 'binData' THEN %d `+
		`WHEN 'objectId' THEN %d WHEN 'bool' THEN %d WHEN 'date' THEN %d WHEN 'timestamp' THEN %d `+
		`WHEN 'regex' THEN %d ELSE %d END`,
		typeExpr, RankNumber, RankString, RankObject, RankArray, RankBinData,
		RankObjectID, RankBool, RankDate, RankTime, RankRegex, RankNull)
}

// ValueExpr is the SQL expression of a field's value: an INTEGER or REAL for numbers, dates
// (milliseconds) and booleans, TEXT for strings and ObjectIds, NULL for null and missing.
func ValueExpr(field string) string {
	return ValueExprOf(DefaultColumn, field)
}

// ValueExprOf is ValueExpr over the sjson text `src` gives.
func ValueExprOf(src, field string) string {
	return fmt.Sprintf(`%s->>'$."%s"'`, src, field)
}

// A field that an index names (other than `_id_`) is also stored in two columns of the
// table, its rank and its value as RankExpr and ValueExpr give them, and the index is made
// of those columns. Writes set them from the document in the same statement (keyed.go), and
// an update sets only those of fields whose value changed: SQLite then leaves alone every
// index none of whose columns changed. On expressions over the document, every update of a
// document (an outbox entry pulled, a counter bumped) rewrote every entry of every index.

// KeyRankColumn is the column holding a keyed field's rank.
func KeyRankColumn(field string) string {
	return `"_ferretdb_r_` + columnField(field) + `"`
}

// KeyValueColumn is the column holding a keyed field's value.
func KeyValueColumn(field string) string {
	return `"_ferretdb_v_` + columnField(field) + `"`
}

// columnField is a field's name as its columns carry it. SQLite's names ignore ASCII case,
// so `status` and `Status` were one column: an upper-case letter is written `^` and its lower
// case, and `^` itself `^^`, which no two field names share. A name with neither keeps the
// column an earlier build gave it.
func columnField(field string) string {
	if !strings.ContainsAny(field, "^ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		return field
	}

	var b strings.Builder

	for _, r := range field {
		switch {
		case r == '^':
			b.WriteString("^^")
		case r >= 'A' && r <= 'Z':
			b.WriteByte('^')
			b.WriteRune(r + 'a' - 'A')
		default:
			b.WriteRune(r)
		}
	}

	return b.String()
}

// KeyedFields is the fields a collection's indexes store in columns, in a stable order.
func KeyedFields(indexes []IndexInfo) []string {
	var fields []string

	for _, index := range indexes {
		if index.Name == "_id_" {
			continue
		}

		for _, key := range index.Key {
			if PushableField(key.Field) && !slices.Contains(fields, key.Field) {
				fields = append(fields, key.Field)
			}
		}
	}

	slices.Sort(fields)

	return fields
}

// KeySets is `column = expression` for both key columns of each field, computed from the
// sjson text `src` gives (the stored document, or a statement's parameter).
func KeySets(fields []string, src string) []string {
	sets := make([]string, 0, 2*len(fields))
	for _, f := range fields {
		sets = append(sets, KeyRankColumn(f)+" = "+RankExprOf(src, f), KeyValueColumn(f)+" = "+ValueExprOf(src, f))
	}

	return sets
}

// FieldExprs is how a query names a field's rank and value: its columns when the field is
// keyed, else the expressions over the document (which no index holds then).
func FieldExprs(keyed []string, field string) (rank, value string) {
	if slices.Contains(keyed, field) {
		return KeyRankColumn(field), KeyValueColumn(field)
	}

	return RankExpr(field), ValueExpr(field)
}

// indexColumns returns the SQL columns of an index. The `_id_` index keeps FerretDB's own
// expression (IDColumn), which lookups by `_id` use; so does a key on a nested field.
func indexColumns(index IndexInfo) []string {
	var columns []string

	for _, key := range index.Key {
		order := ""
		if key.Descending {
			order = " DESC"
		}

		if index.Name != "_id_" && PushableField(key.Field) {
			columns = append(columns, KeyRankColumn(key.Field)+order, KeyValueColumn(key.Field)+order)
			continue
		}

		columns = append(columns, pathExpr(key.Field)+order)
	}

	return columns
}

// pathExpr is FerretDB's own expression of a key: the JSON text at its path (SQL NULL where
// the path is missing, 'null' where it holds null).
func pathExpr(field string) string {
	fields := strings.Split(field, ".")
	for j, f := range fields {
		fields[j] = fmt.Sprintf("%q", f)
	}

	return fmt.Sprintf("%s->%s", DefaultColumn, strings.Join(fields, "->"))
}

// A unique index holds null and a missing field as one key, as MongoDB's does: a second
// document with either is refused. Its columns hold SQL NULL for both, which SQLite's unique
// index counts as distinct, so each unique index has a second one, partial, over the rows with
// a null key: the same keys with NULL written as a value (0 under the null rank, 'null' for a
// path's JSON text). Only those rows are in it, so writes of others pay nothing more.

// NullsIndexName is the SQLite name of a unique index's index of null keys.
func NullsIndexName(tableName string, index IndexInfo) string {
	sum := sha256.Sum256([]byte(index.Name))
	return tableName + "__u_" + hex.EncodeToString(sum[:4])
}

// NullsIndexSQL is the statement that makes a unique index's index of null keys; "" for an
// index that is not unique, and for `_id_` (an `_id` is never null twice: FerretDB's index
// holds its JSON text).
func NullsIndexSQL(tableName string, index IndexInfo) string {
	if !index.Unique || index.Name == "_id_" {
		return ""
	}

	var columns, nulls []string

	for _, key := range index.Key {
		if PushableField(key.Field) {
			columns = append(columns, KeyRankColumn(key.Field), fmt.Sprintf("coalesce(%s, 0)", KeyValueColumn(key.Field)))
			nulls = append(nulls, KeyValueColumn(key.Field)+" IS NULL")

			continue
		}

		columns = append(columns, fmt.Sprintf("coalesce(%s, 'null')", pathExpr(key.Field)))
		nulls = append(nulls, fmt.Sprintf("coalesce(%s, 'null') = 'null'", pathExpr(key.Field)))
	}

	return fmt.Sprintf("CREATE UNIQUE INDEX %q ON %q (%s) WHERE %s",
		NullsIndexName(tableName, index), tableName, strings.Join(columns, ", "), strings.Join(nulls, " OR "))
}

// CreateIndex makes an index, and a unique one's index of null keys, in one transaction: a
// unique index the stored documents break (nulls included) is not made.
func CreateIndex(ctx context.Context, db *fsql.DB, tableName string, index IndexInfo) error {
	return db.InTransaction(ctx, func(tx *fsql.Tx) error {
		if _, err := tx.ExecContext(ctx, IndexCreateSQL(tableName, index)); err != nil {
			return err
		}

		if q := NullsIndexSQL(tableName, index); q != "" {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}

		return nil
	})
}

// IndexSQLName is the SQLite name of a collection's index: FerretDB's, `<table>_<name>`, with
// an upper-case letter escaped as in column names (columnField): SQLite's names ignore case,
// so `status_1` and `Status_1` were one name and the second index could not be made.
func IndexSQLName(tableName, indexName string) string {
	return tableName + "_" + columnField(indexName)
}

// IndexCreateSQL is the statement that creates an index on a collection's table.
func IndexCreateSQL(tableName string, index IndexInfo) string {
	q := "CREATE "
	if index.Unique {
		q += "UNIQUE "
	}

	q += fmt.Sprintf("INDEX %q ON %q (%s)", IndexSQLName(tableName, index.Name), tableName, strings.Join(indexColumns(index), ", "))
	if index.Where != "" {
		q += " WHERE " + index.Where
	}

	return q
}

// FillKeyColumns adds the columns of `fields` a table lacks and sets them from every
// document: those it added, or all of them with `always` (a field about to be keyed again
// after its last index was dropped holds what it held then, and writes since left it).
func FillKeyColumns(ctx context.Context, db *fsql.DB, table string, fields []string, always bool) error {
	if len(fields) == 0 {
		return nil
	}

	have := map[string]bool{}

	rows, err := db.QueryContext(ctx, `SELECT name FROM pragma_table_info(?)`, table)
	if err != nil {
		return lazyerrors.Error(err)
	}

	for rows.Next() {
		var name string
		if err = rows.Scan(&name); err != nil {
			_ = rows.Close()
			return lazyerrors.Error(err)
		}

		have[`"`+name+`"`] = true
	}

	if err = rows.Close(); err != nil {
		return lazyerrors.Error(err)
	}

	// In one transaction: a column added is never left unfilled.
	return db.InTransaction(ctx, func(tx *fsql.Tx) error {
		var sets []string

		for _, f := range fields {
			missing := !have[KeyRankColumn(f)] || !have[KeyValueColumn(f)]
			// ANY: a STRICT table (FerretDB's) stores each value as it is, unconverted.
			for _, col := range [][2]string{{KeyRankColumn(f), "INTEGER"}, {KeyValueColumn(f), "ANY"}} {
				if have[col[0]] {
					continue
				}

				if _, err := tx.ExecContext(ctx, fmt.Sprintf(`ALTER TABLE %q ADD COLUMN %s %s`, table, col[0], col[1])); err != nil {
					return lazyerrors.Error(err)
				}
			}

			if missing || always {
				sets = append(sets, KeySets([]string{f}, DefaultColumn)...)
			}
		}

		if len(sets) == 0 {
			return nil
		}

		if _, err := tx.ExecContext(ctx, fmt.Sprintf(`UPDATE %q SET %s`, table, strings.Join(sets, ", "))); err != nil {
			return lazyerrors.Error(err)
		}

		return nil
	})
}

// NewlyKeyed is the fields `index` keys that none of `existing` does.
func NewlyKeyed(existing []IndexInfo, index IndexInfo) []string {
	have := KeyedFields(existing)

	var fields []string

	for _, f := range KeyedFields([]IndexInfo{index}) {
		if !slices.Contains(have, f) {
			fields = append(fields, f)
		}
	}

	return fields
}

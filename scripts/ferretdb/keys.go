// Momentum's addition to FerretDB v1.24.2 (scripts/lib/ferretdb-patch.mjs copies it into
// internal/backends/sqlite/metadata): the SQL expressions that index a top-level field in
// MongoDB's comparison order, shared by index creation and the query pushdown so that
// SQLite's planner matches one to the other (it only matches identical expressions).

package metadata

import (
	"fmt"
	"strings"
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
	return RankOf(fmt.Sprintf(`%s->>'$."$s".p."%s".t'`, DefaultColumn, field))
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
	return fmt.Sprintf(`%s->>'$."%s"'`, DefaultColumn, field)
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
			columns = append(columns, RankExpr(key.Field)+order, ValueExpr(key.Field)+order)
			continue
		}

		fields := strings.Split(key.Field, ".")
		for j, f := range fields {
			fields[j] = fmt.Sprintf("%q", f)
		}

		columns = append(columns, fmt.Sprintf("%s->%s", DefaultColumn, strings.Join(fields, "->"))+order)
	}

	return columns
}

// IndexCreateSQL is the statement that creates an index on a collection's table.
func IndexCreateSQL(tableName string, index IndexInfo) string {
	q := "CREATE "
	if index.Unique {
		q += "UNIQUE "
	}

	q += fmt.Sprintf("INDEX %q ON %q (%s)", tableName+"_"+index.Name, tableName, strings.Join(indexColumns(index), ", "))
	if index.Where != "" {
		q += " WHERE " + index.Where
	}

	return q
}

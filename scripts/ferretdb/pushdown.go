// Momentum's addition to FerretDB v1.24.2 (scripts/lib/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): a query's filter, sort, skip and limit written as SQL over the
// expressions the indexes are made of (metadata.RankExpr, metadata.ValueExpr), so SQLite
// answers from an index instead of FerretDB reading and decoding the whole collection.
//
// The handler still applies the whole filter to every row SQL returns, so narrowing is
// always safe. Sort, skip, limit and counts are done in SQL only when the SQL filter is
// exactly MongoDB's: every condition is one this file translates, on a field no document
// has held an array in (marks.go), and every sort key has only values SQL orders as
// MongoDB does. Anything else falls back to FerretDB's own path: slower, never wrong.

package sqlite

import (
	"encoding/hex"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// sqlFilter is a filter as SQL: the conditions it could translate, and whether they are the
// whole filter.
type sqlFilter struct {
	conds []string
	args  []any
	exact bool
}

func (f *sqlFilter) where() string {
	if len(f.conds) == 0 {
		return ""
	}

	return " WHERE " + strings.Join(f.conds, " AND ")
}

func (f *sqlFilter) add(cond string, args ...any) {
	f.conds = append(f.conds, cond)
	f.args = append(f.args, args...)
}

// planFilter translates filter; fields in m.array are left to the handler.
func planFilter(filter *types.Document, m *fieldMarks) *sqlFilter {
	f := &sqlFilter{exact: true}
	f.addDocument(filter, m)

	return f
}

func (f *sqlFilter) addDocument(filter *types.Document, m *fieldMarks) {
	if filter == nil {
		return
	}

	keys := filter.Keys()
	for i, v := range filter.Values() {
		key := keys[i]

		switch {
		case key == "$comment":
			continue
		case key == "$and":
			f.addAnd(v, m)
			continue
		case !metadata.PushableField(key):
			f.exact = false
			continue
		}

		if _, ok := m.array[key]; ok {
			f.exact = false
			continue
		}

		f.addField(key, v)
	}
}

func (f *sqlFilter) addAnd(v any, m *fieldMarks) {
	arr, ok := v.(*types.Array)
	if !ok || arr.Len() == 0 {
		f.exact = false
		return
	}

	for _, e := range arrayValues(arr) {
		d, ok := e.(*types.Document)
		if !ok {
			f.exact = false
			return
		}

		f.addDocument(d, m)
	}
}

// addField translates the condition on one field: a value (equality) or a document of
// operators, of which $eq, $in, $gt, $gte, $lt and $lte are translated.
func (f *sqlFilter) addField(field string, v any) {
	ops, ok := v.(*types.Document)
	if !ok {
		f.addEq(field, v)
		return
	}

	keys := ops.Keys()
	if len(keys) == 0 || !strings.HasPrefix(keys[0], "$") {
		f.exact = false // an embedded document, compared whole
		return
	}

	for i, operand := range ops.Values() {
		switch op := keys[i]; op {
		case "$eq":
			f.addEq(field, operand)
		case "$in":
			f.addIn(field, operand)
		case "$gt", "$gte", "$lt", "$lte":
			f.addRange(field, op, operand)
		default:
			f.exact = false
		}
	}
}

func (f *sqlFilter) addEq(field string, v any) {
	rank, value, ok := sqlScalar(v)
	if !ok {
		f.exact = false
		return
	}

	if field == "_id" && (rank == metadata.RankString || rank == metadata.RankObjectID) {
		// FerretDB's `_id` index (IDColumn: the value's JSON text); the rank tells a string
		// from an ObjectId of the same text.
		f.add(fmt.Sprintf("%s = ? AND %s = %d", metadata.IDColumn, metadata.RankExpr(field), rank),
			string(must.NotFail(sjson.MarshalSingleValue(v))))

		return
	}

	if rank == metadata.RankNull {
		f.add(fmt.Sprintf("%s = %d", metadata.RankExpr(field), rank))
		return
	}

	f.add(fmt.Sprintf("%s = %d AND %s = ?", metadata.RankExpr(field), rank, metadata.ValueExpr(field)), value)
}

func (f *sqlFilter) addIn(field string, v any) {
	arr, ok := v.(*types.Array)
	if !ok {
		f.exact = false
		return
	}

	byRank := map[int][]any{}
	var ranks []int

	for _, e := range arrayValues(arr) {
		rank, value, ok := sqlScalar(e)
		if !ok {
			f.exact = false // one value left out would leave its documents out: push none
			return
		}

		if _, seen := byRank[rank]; !seen {
			ranks = append(ranks, rank)
		}
		byRank[rank] = append(byRank[rank], value)
	}

	if len(ranks) == 0 {
		f.add("0") // $in: [] matches nothing
		return
	}

	var parts []string
	var args []any

	for _, rank := range ranks {
		if rank == metadata.RankNull {
			parts = append(parts, fmt.Sprintf("%s = %d", metadata.RankExpr(field), rank))
			continue
		}

		values := byRank[rank]
		parts = append(parts, fmt.Sprintf("(%s = %d AND %s IN (%s))",
			metadata.RankExpr(field), rank, metadata.ValueExpr(field), strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")))
		args = append(args, values...)
	}

	f.add("("+strings.Join(parts, " OR ")+")", args...)
}

var sqlRangeOps = map[string]string{"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}

// addRange: MongoDB compares within a type bracket only (`$gt: 5` matches numbers), which
// the rank condition says.
func (f *sqlFilter) addRange(field, op string, v any) {
	rank, value, ok := sqlScalar(v)
	if !ok || rank == metadata.RankNull {
		f.exact = false
		return
	}

	f.add(fmt.Sprintf("%s = %d AND %s %s ?", metadata.RankExpr(field), rank, metadata.ValueExpr(field), sqlRangeOps[op]), value)
}

// sqlScalar returns a query value's rank and its value as SQL compares it with ValueExpr.
func sqlScalar(v any) (rank int, value any, ok bool) {
	switch v := v.(type) {
	case float64:
		if math.IsNaN(v) {
			return 0, nil, false // MongoDB orders NaN below every number; SQL has no NaN
		}
		return metadata.RankNumber, v, true
	case int32:
		return metadata.RankNumber, int64(v), true
	case int64:
		return metadata.RankNumber, v, true
	case string:
		return metadata.RankString, v, true
	case types.ObjectID:
		return metadata.RankObjectID, hex.EncodeToString(v[:]), true
	case bool:
		if v {
			return metadata.RankBool, int64(1), true
		}
		return metadata.RankBool, int64(0), true
	case time.Time:
		return metadata.RankDate, v.UnixMilli(), true
	case types.NullType:
		return metadata.RankNull, nil, true
	default:
		return 0, nil, false
	}
}

// orderBy returns the ORDER BY clause of a sort, or false when SQL cannot sort as MongoDB
// does. Ties keep the table's order, as FerretDB's own (stable) sort does, unless `_id`
// (unique) ends the sort.
func orderBy(sort *types.Document, m *fieldMarks) (string, bool) {
	if sort.Len() == 0 {
		return "", false
	}

	var terms []string

	keys := sort.Keys()
	for i, v := range sort.Values() {
		key := keys[i]
		if !metadata.PushableField(key) {
			return "", false
		}

		if _, ok := m.unordered[key]; ok {
			return "", false
		}

		var dir string

		switch v {
		case int64(1):
		case int64(-1):
			dir = " DESC"
		default:
			return "", false
		}

		terms = append(terms, metadata.RankExpr(key)+dir, metadata.ValueExpr(key)+dir)
	}

	if keys[len(keys)-1] != "_id" {
		terms = append(terms, "rowid")
	}

	return " ORDER BY " + strings.Join(terms, ", "), true
}

// limitOffset returns the LIMIT/OFFSET clause for skip and limit (0: none).
func limitOffset(skip, limit int64) (string, []any) {
	switch {
	case limit > 0 && skip > 0:
		return " LIMIT ? OFFSET ?", []any{limit, skip}
	case limit > 0:
		return " LIMIT ?", []any{limit}
	case skip > 0:
		return " LIMIT -1 OFFSET ?", []any{skip}
	default:
		return "", nil
	}
}

// arrayValues returns an array's values.
func arrayValues(a *types.Array) []any {
	values := make([]any, a.Len())
	for i := range values {
		values[i], _ = a.Get(i)
	}

	return values
}

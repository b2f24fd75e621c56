// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): a query's filter, sort, skip and limit written as SQL over the
// columns the indexes are made of (metadata.FieldExprs), so SQLite
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
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
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
	conds    []string
	condArgs [][]any
	exact    bool

	// What a side table (multikey.go) can serve: the element conditions on array fields,
	// and each scalar field's equality or $in.
	elems []elemCond
	eqs   map[string]valueSet
	// The position of the condition each of eqs came from (a side table's equality prefix
	// serves it: sideplan.go).
	eqConds map[string]int

	m     *fieldMarks
	table string
	// The fields stored in key columns (metadata.KeyedFields), which conditions name.
	keyed []string
}

// exprs is how the conditions name a field's rank and value (metadata.FieldExprs).
func (f *sqlFilter) exprs(field string) (rank, value string) {
	return metadata.FieldExprs(f.keyed, field)
}

// valueSet is the values of an equality or $in, grouped by rank (inRanks).
type valueSet struct {
	ranks  []int
	byRank map[int][]any
	n      int
}

// elemCond is an equality or $in on an array field, and the position of its condition.
type elemCond struct {
	field  string
	values valueSet
	cond   int
}

// where is the WHERE of the conditions, and its arguments.
func (f *sqlFilter) where() (string, []any) {
	return whereOf(f.except())
}

// except is the conditions but those at the positions `skip`, and their arguments.
func (f *sqlFilter) except(skip ...int) ([]string, []any) {
	var conds []string
	var args []any

	for i, cond := range f.conds {
		if !slices.Contains(skip, i) {
			conds = append(conds, cond)
			args = append(args, f.condArgs[i]...)
		}
	}

	return conds, args
}

func whereOf(conds []string, args []any) (string, []any) {
	if len(conds) == 0 {
		return "", nil
	}

	return " WHERE " + strings.Join(conds, " AND "), args
}

func (f *sqlFilter) add(cond string, args ...any) {
	f.conds = append(f.conds, cond)
	f.condArgs = append(f.condArgs, args)
}

// planFilter translates a filter on a table. A field that has held arrays is translated only
// where its elements are indexed (multikey.go), and then only for equality and $in.
func planFilter(filter *types.Document, m *fieldMarks, table string, keyed []string) *sqlFilter {
	f := &sqlFilter{exact: true, m: m, table: table, keyed: keyed, eqs: map[string]valueSet{}, eqConds: map[string]int{}}
	f.addDocument(filter)

	return f
}

func (f *sqlFilter) addDocument(filter *types.Document) {
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
			f.addAnd(v)
			continue
		case key == "$or":
			f.addOr(v)
			continue
		case !metadata.PushableField(key):
			f.exact = false

			// A path's `$exists: true` narrows (an outbox's pending entries).
			if want, ok := existsOperand(v); ok {
				if cond, _ := existsCond(key, want); cond != "" {
					f.add(cond)
				}
			}

			continue
		}

		f.addField(key, v)
	}
}

func (f *sqlFilter) addAnd(v any) {
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

		f.addDocument(d)
	}
}

// addOr: the branches' conditions joined by OR, when every branch translates exactly (one
// that does not could match documents SQL would leave out, so then none narrows). SQLite
// answers each branch from its own index and unites the rows (its OR optimization).
func (f *sqlFilter) addOr(v any) {
	arr, ok := v.(*types.Array)
	if !ok || arr.Len() == 0 {
		f.exact = false
		return
	}

	if merged, ok := types.MergedOr(arr); ok { // equalities on one field as one $in (orin.go)
		arr = merged
	}

	var branches []string
	var args []any

	for _, e := range arrayValues(arr) {
		d, ok := e.(*types.Document)
		if !ok {
			f.exact = false
			return
		}

		branch := planFilter(d, f.m, f.table, f.keyed)
		if !branch.exact {
			f.exact = false
			return
		}

		conds, condArgs := branch.except(-1)
		if len(conds) == 0 {
			return // a branch that matches every document: nothing to narrow by
		}

		branches = append(branches, "("+strings.Join(conds, " AND ")+")")
		args = append(args, condArgs...)
	}

	f.add(balancedOr(branches), args...)
}

// balancedOr joins branches by OR nested in halves: SQLite parses `a OR b OR c …` as a chain
// as deep as it is long, and refuses an expression deeper than 1,000 (an `$or` of 1,000
// branches). Halves keep it log₂ deep; SQLite's planner flattens them to one OR as before.
func balancedOr(branches []string) string {
	if len(branches) <= 64 {
		return "(" + strings.Join(branches, " OR ") + ")"
	}

	half := len(branches) / 2

	return "(" + balancedOr(branches[:half]) + " OR " + balancedOr(branches[half:]) + ")"
}

// addField translates the condition on one field: a value (equality) or a document of
// operators, of which $eq, $in, $nin, $ne, $all, $gt, $gte, $lt and $lte are translated.
func (f *sqlFilter) addField(field string, v any) {
	if _, ok := f.m.array[field]; ok && len(f.m.multikey[field]) == 0 {
		f.exact = false
		return
	}

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
		case "$nin":
			f.addNin(field, operand)
		case "$ne":
			f.addNin(field, must.NotFail(types.NewArray(operand)))
		case "$all":
			f.addAll(field, operand)
		case "$exists":
			want, ok := operand.(bool)
			if !ok {
				f.exact = false
				continue
			}

			cond, _ := existsCond(field, want)
			f.add(cond)
		case "$gt", "$gte", "$lt", "$lte":
			f.addRange(field, op, operand)
		default:
			f.exact = false
		}
	}
}

func (f *sqlFilter) addEq(field string, v any) {
	rank, _, ok := sqlScalar(v)
	if !ok {
		f.exact = false
		return
	}

	if field == "_id" && (rank == metadata.RankString || rank == metadata.RankObjectID) {
		// FerretDB's `_id` index (IDColumn: the value's JSON text); the rank tells a string
		// from an ObjectId of the same text.
		rankExpr, _ := f.exprs(field)
		f.add(fmt.Sprintf("%s = ? AND %s = %d", metadata.IDColumn, rankExpr, rank),
			string(must.NotFail(sjson.MarshalSingleValue(v))))

		return
	}

	f.addIn(field, must.NotFail(types.NewArray(v)))
}

// addIn: the field's value is one of the values, or (a multikey field) one of its
// elements is. Null stands for a missing field too, as in MongoDB.
func (f *sqlFilter) addIn(field string, v any) {
	arr, ranks, byRank, ok := scalarList(v)
	if !ok {
		f.exact = false // one value left out would leave its documents out: push none
		return
	}

	if len(ranks) == 0 {
		f.add("0") // $in: [] matches nothing
		return
	}

	values := valueSet{ranks: ranks, byRank: byRank, n: arr.Len()}
	rankExpr, valueExpr := f.exprs(field)
	cond, args := inRanks(rankExpr, valueExpr, ranks, byRank)

	if field == "_id" {
		if ids, ok := idTexts(arr); ok {
			// FerretDB's `_id` index finds the rows; the ranks then tell strings from ObjectIds.
			list, listArgs := inList(ids)
			cond = fmt.Sprintf("%s IN %s AND %s", metadata.IDColumn, list, cond)
			args = append(listArgs, args...)
		}
	}

	if _, ok := f.m.array[field]; ok {
		// The documents whose field is a value or holds one as an element, by `_id`, from
		// the side table of an index the field leads (it holds both); query.go may walk it
		// instead (sidePlan).
		side := f.m.multikey[field][0]
		elems, elemArgs := inRanks(rankCol(0), valueCol(0), ranks, byRank)
		f.elems = append(f.elems, elemCond{field: field, values: values, cond: len(f.conds)})
		f.add(fmt.Sprintf("%s IN (SELECT id FROM %q WHERE %s)", metadata.IDColumn, side.table, elems), elemArgs...)

		return
	}

	if _, seen := f.eqs[field]; !seen && field != "_id" {
		f.eqs[field] = values
		f.eqConds[field] = len(f.conds)
	}

	f.add(cond, args...)
}

// addNin: the field's value is none of the values ($nin, and $ne of one), null standing for
// a missing field too, as in MongoDB. Only where the field never held an array: an array
// matches when none of its elements is a value, which the handler alone decides.
func (f *sqlFilter) addNin(field string, v any) {
	if _, ok := f.m.array[field]; ok {
		f.exact = false
		return
	}

	_, ranks, byRank, ok := scalarList(v)
	if !ok {
		f.exact = false // a value SQL cannot compare: the handler alone applies the condition
		return
	}

	if len(ranks) == 0 {
		return // $nin: [] matches everything
	}

	rankExpr, valueExpr := f.exprs(field)
	cond, args := inRanks(rankExpr, valueExpr, ranks, byRank)
	// Every row has a rank (null for a missing field), so the condition is never unknown;
	// coalesce keeps it so: an unknown would drop a row MongoDB matches.
	f.add("NOT coalesce("+cond+", 0)", args...)
}

// scalarList is an $in or $nin list and its values grouped by rank, in the order the ranks
// first appear; false when it is no array, or holds a value SQL does not compare as MongoDB
// does (sqlScalar).
func scalarList(v any) (*types.Array, []int, map[int][]any, bool) {
	arr, ok := v.(*types.Array)
	if !ok {
		return nil, nil, nil, false
	}

	byRank := map[int][]any{}
	var ranks []int

	for _, e := range arrayValues(arr) {
		rank, value, ok := sqlScalar(e)
		if !ok {
			return nil, nil, nil, false
		}

		if _, seen := byRank[rank]; !seen {
			ranks = append(ranks, rank)
		}
		byRank[rank] = append(byRank[rank], value)
	}

	return arr, ranks, byRank, true
}

// inRanks is the condition that a rank and value pair is one of the values, grouped by rank.
func inRanks(rankExpr, valueExpr string, ranks []int, byRank map[int][]any) (string, []any) {
	var parts []string
	var args []any

	for _, rank := range ranks {
		if rank == metadata.RankNull {
			// The value is NULL too (null and missing alike): said, so that an index goes on
			// past this column to the next equality (`deletedAt: null, status: …`) instead of
			// stopping here and reading every row the columns before it match.
			parts = append(parts, fmt.Sprintf("(%s = %d AND %s IS NULL)", rankExpr, rank, valueExpr))
			continue
		}

		list, listArgs := inList(byRank[rank])
		parts = append(parts, fmt.Sprintf("(%s = %d AND %s IN %s)", rankExpr, rank, valueExpr, list))
		args = append(args, listArgs...)
	}

	return "(" + strings.Join(parts, " OR ") + ")", args
}

// bigList is the most values an IN list binds one by one. SQLite binds at most 32,766
// parameters in a statement (an `_id: {$in: [16,384 ids]}` took two each); a longer list is
// bound as one JSON array, read by json_each, which SQLite's planner also matches to an index.
const bigList = 256

// inList is the parenthesized right side of an IN for values (sqlScalar's, or JSON texts of
// `_id`s), and its arguments.
func inList(values []any) (string, []any) {
	if len(values) <= bigList {
		params := make([]string, len(values))
		for i, v := range values {
			params[i] = valueParam(v)
		}

		return "(" + strings.Join(params, ", ") + ")", values
	}

	var b strings.Builder

	b.WriteByte('[')

	for i, v := range values {
		if i > 0 {
			b.WriteByte(',')
		}

		switch v := v.(type) {
		case sqlDouble:
			b.WriteString(string(v)) // the document's own text: json_each parses it as the column's was
		case float64: // ±Inf, which JSON has no text for: SQLite reads an overflow as infinity
			if v > 0 {
				b.WriteString("9e999")
			} else {
				b.WriteString("-9e999")
			}
		case int64:
			b.WriteString(strconv.FormatInt(v, 10))
		case string:
			b.Write(must.NotFail(json.Marshal(v)))
		default:
			panic(fmt.Sprintf("inList: %T", v))
		}
	}

	b.WriteByte(']')

	return "(SELECT value FROM json_each(?))", []any{b.String()}
}

// sqlDouble is a double as a query compares it: the text the stored document holds for it
// (sjson), read with SQLite's own parse. The key column holds SQLite's parse of that text, and
// the pure-Go SQLite (no long double) can round it one unit away from Go's exact value for
// large exponents: bound as Go's value, an exact match on a stored double could miss.
type sqlDouble string

// valueParam is the SQL of a value's parameter: a double's text is read as JSON, which gives
// the same parse as the stored document's.
func valueParam(v any) string {
	if _, ok := v.(sqlDouble); ok {
		return "(? ->> '$')"
	}

	return "?"
}

// addAll: each value is the field's value or one of its elements.
func (f *sqlFilter) addAll(field string, v any) {
	arr, ok := v.(*types.Array)
	if !ok || arr.Len() == 0 {
		f.exact = false // $all: [] matches nothing in MongoDB; leave such to the handler
		return
	}

	for _, e := range arrayValues(arr) {
		f.addEq(field, e)
	}
}

var sqlRangeOps = map[string]string{"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}

// addRange: MongoDB compares within a type bracket only (`$gt: 5` matches numbers), which
// the rank condition says.
func (f *sqlFilter) addRange(field, op string, v any) {
	if _, ok := f.m.array[field]; ok {
		f.exact = false // any element in range would do: left to the handler
		return
	}

	rank, value, ok := sqlScalar(v)
	if !ok || rank == metadata.RankNull {
		f.exact = false
		return
	}

	rankExpr, valueExpr := f.exprs(field)
	f.add(fmt.Sprintf("%s = %d AND %s %s %s", rankExpr, rank, valueExpr, sqlRangeOps[op], valueParam(value)), value)
}

// sqlScalar returns a query value's rank and its value as SQL compares it with ValueExpr.
func sqlScalar(v any) (rank int, value any, ok bool) {
	switch v := v.(type) {
	case float64:
		if math.IsNaN(v) {
			return 0, nil, false // MongoDB orders NaN below every number; SQL has no NaN
		}
		if math.IsInf(v, 0) {
			return metadata.RankNumber, v, true // no JSON text (nor a stored document) holds one
		}
		return metadata.RankNumber, sqlDouble(must.NotFail(sjson.MarshalSingleValue(v))), true
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
func orderBy(sort *types.Document, m *fieldMarks, keyed []string) (string, bool) {
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

		rankExpr, valueExpr := metadata.FieldExprs(keyed, key)
		terms = append(terms, rankExpr+dir, valueExpr+dir)
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

// existsCond is `{path: {$exists: want}}` as SQL, and whether it is exact. A top-level field
// exists when its JSON value does (null included). For a path `f.N.g` (an array position,
// then a field: an outbox's first entry) the condition holds for every document MongoDB's
// path rules could match — the position's own value, and whenever `f` is an object, its
// entry N an array, or anything inside `f` has a field "N" — so it only narrows, and only for
// `$exists: true`. Other paths give "".
func existsCond(path string, want bool) (string, bool) {
	if metadata.PushableField(path) {
		op := "IS NOT NULL"
		if !want {
			op = "IS NULL"
		}

		return fmt.Sprintf(`json_type(%s, '$."%s"') %s`, metadata.DefaultColumn, path, op), true
	}

	parts := strings.Split(path, ".")
	if !want || len(parts) != 3 || !metadata.PushableField(parts[0]) || !metadata.PushableField(parts[2]) {
		return "", false
	}

	n, err := strconv.Atoi(parts[1])
	if err != nil || n < 0 || strconv.Itoa(n) != parts[1] {
		return "", false
	}

	s, f, g := metadata.DefaultColumn, parts[0], parts[2]

	// No subquery (a partial index's WHERE may hold none): a key "N" anywhere inside `f`
	// is found in its JSON text, which can only widen the match.
	return fmt.Sprintf(`(json_type(%[1]s, '$."%[2]s"[%[3]d]."%[4]s"') IS NOT NULL`+
		` OR json_type(%[1]s, '$."%[2]s"') = 'object' OR json_type(%[1]s, '$."%[2]s"[%[3]d]') = 'array'`+
		` OR instr(%[1]s->'$."%[2]s"', '"%[3]d":') > 0)`,
		s, f, n, g), false
}

// existsOperand is the operand of a document that is `{$exists: <bool>}` alone.
func existsOperand(v any) (want bool, ok bool) {
	ops, isDoc := v.(*types.Document)
	if !isDoc || ops.Len() != 1 || ops.Keys()[0] != "$exists" {
		return false, false
	}

	want, ok = ops.Values()[0].(bool)

	return want, ok
}

// partialWhere is the WHERE of an index whose partialFilterExpression is filter: the
// `$exists` conditions it names, written as queries write them (SQLite uses a partial index
// for a query whose WHERE holds the same term). Other conditions are left out, so the index
// holds at least the documents MongoDB's would. "" for none.
func partialWhere(filter *types.Document) string {
	if filter == nil {
		return ""
	}

	var conds []string

	keys := filter.Keys()
	for i, v := range filter.Values() {
		if want, ok := existsOperand(v); ok {
			if cond, _ := existsCond(keys[i], want); cond != "" {
				conds = append(conds, cond)
			}
		}
	}

	return strings.Join(conds, " AND ")
}

// idTexts are the values' JSON texts as FerretDB's `_id` index holds them, when every value
// is a string or an ObjectId.
func idTexts(arr *types.Array) ([]any, bool) {
	texts := make([]any, 0, arr.Len())

	for _, v := range arrayValues(arr) {
		switch v.(type) {
		case string, types.ObjectID:
			texts = append(texts, string(must.NotFail(sjson.MarshalSingleValue(v))))
		default:
			return nil, false
		}
	}

	return texts, len(texts) > 0
}

// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): a query or count answered by walking an index's side table
// (multikey.go) instead of collecting every document whose array field matches and then
// sorting them. For `{tags: "x", team: t, deleted: null}` sorted by `{_id: -1}` with a limit
// and the index `{tags: 1, team: 1, _id: 1}`, SQLite reads the side index's entries for
// ("x", t) from the newest `_id` down, checks each document's other conditions, and stops
// at the limit, as MongoDB's index scan would.

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
)

// sidePlan is an exact filter as a walk of a side table joined to the documents.
type sidePlan struct {
	from  string // FROM the side table, then the collection's table
	where string
	args  []any
	order string // ORDER BY over the side's columns; "" when the sort does not follow the index

	// Several of the filter's values for the leading keys: a document may have several
	// entries, and their order is no longer the sort's.
	several bool
	score   int

	// The side table alone with the conditions it answers, when they are the whole filter:
	// a count reads index entries only, no document (covered, as MongoDB says).
	sideFrom, sideWhere string
	sideArgs            []any
	covered             bool
}

// planSide returns the best walk of a side table for an exact filter and its sort (nil for
// none), or false when no element condition has a side table.
func planSide(f *sqlFilter, sort *types.Document) (*sidePlan, bool) {
	var best *sidePlan

	for _, e := range f.elems {
		for _, side := range f.m.multikey[e.field] {
			p := planSideIndex(f, e, side, sort)
			if best == nil || p.score > best.score {
				best = p
			}
		}
	}

	return best, best != nil
}

func planSideIndex(f *sqlFilter, e elemCond, side *sideIndex, sort *types.Document) *sidePlan {
	cond, args := inRanks("m."+rankCol(0), "m."+valueCol(0), e.values.ranks, e.values.byRank)
	conds := []string{cond}
	several := e.values.n > 1
	// The filter's conditions the side's columns answer exactly: the element condition,
	// and each prefix key's equality (its entries hold the field's value, ranked as the
	// document's own expressions rank it).
	served := []int{e.cond}

	// The equality prefix: each next key that the filter fixes, on a field that never held
	// an array (the entries hold its value, not its elements).
	prefix := 1
	for ; prefix < len(side.keys); prefix++ {
		field := side.keys[prefix].Field

		values, ok := f.eqs[field]
		if _, array := f.m.array[field]; !ok || array {
			break
		}

		cond, condArgs := inRanks("m."+rankCol(prefix), "m."+valueCol(prefix), values.ranks, values.byRank)
		conds = append(conds, cond)
		args = append(args, condArgs...)
		several = several || values.n > 1
		served = append(served, f.eqConds[field])
	}

	sideWhere, sideArgs := whereOf(conds, args)
	rest, restArgs := f.except(served...)
	where, whereArgs := whereOf(append(conds, rest...), append(args, restArgs...))

	p := &sidePlan{
		// CROSS JOIN: SQLite keeps the side table as the outer loop, the one in order.
		from: fmt.Sprintf(" FROM %q AS m CROSS JOIN %q ON %s = m.id",
			side.table, f.table, metadata.IDColumn),
		where:     where,
		args:      whereArgs,
		several:   several,
		score:     prefix,
		sideFrom:  fmt.Sprintf(" FROM %q AS m", side.table),
		sideWhere: sideWhere,
		sideArgs:  sideArgs,
		covered:   len(rest) == 0,
	}

	if !several && sort != nil {
		p.order = sideOrder(f.m, side, prefix, sort)
	}

	if p.order != "" {
		p.score += len(side.keys)
	}

	return p
}

// sideOrder is the ORDER BY that walks the side index from key `from` on for a sort, or ""
// when the sort is not the index's next keys (all in its direction or all against it),
// ending with `_id` (so no ties are left to the table's order).
func sideOrder(m *fieldMarks, side *sideIndex, from int, sort *types.Document) string {
	keys := sort.Keys()
	if len(keys) == 0 || len(keys) > len(side.keys)-from || keys[len(keys)-1] != "_id" {
		return ""
	}

	var terms []string
	var against bool

	for i, v := range sort.Values() {
		key := side.keys[from+i]
		if keys[i] != key.Field {
			return ""
		}

		if _, ok := m.unordered[key.Field]; ok {
			return ""
		}

		var desc bool

		switch v {
		case int64(1):
		case int64(-1):
			desc = true
		default:
			return ""
		}

		if i == 0 {
			against = desc != key.Descending
		} else if against != (desc != key.Descending) {
			return ""
		}

		dir := ""
		if desc {
			dir = " DESC"
		}

		terms = append(terms, "m."+rankCol(from+i)+dir, "m."+valueCol(from+i)+dir)
	}

	return " ORDER BY " + strings.Join(terms, ", ")
}

// selectFrom is the SELECT of the documents a side plan finds.
func (p *sidePlan) selectFrom(comment string) string {
	return strings.Replace(prepareSelectClause("", comment, false, false), ` FROM ""`, p.from, 1)
}

// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): partial indexes for the queries that imply their condition.
//
// SQLite uses a partial index only for a query whose WHERE holds the index's own term.
// MongoDB uses one for any filter that implies its partialFilterExpression, and a range or
// an equality to a value other than null implies that the field exists. So a sweep such as
// `{since: {$lt: t}}` sorted by `since`, on an index `{since: 1}` partial on
// `{since: {$exists: true}}`, reads the few documents the index holds instead of scanning
// and sorting the whole collection.

package sqlite

import (
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
)

// addImpliedPartialTerms adds to f the term of each partial index on `$exists: true` of a
// top-level field that the filter's own condition on that field implies. The term holds for
// every document the filter matches, so the filter means what it meant.
func (f *sqlFilter) addImpliedPartialTerms(meta *metadata.Collection, filter *types.Document) {
	if filter == nil {
		return
	}

	for _, index := range meta.Settings.Indexes {
		if index.Where == "" {
			continue
		}

		keys := filter.Keys()
		for i, v := range filter.Values() {
			field := keys[i]
			if !metadata.PushableField(field) || !impliesExists(v) {
				continue
			}

			if term, _ := existsCond(field, true); term == index.Where {
				f.add(term)
			}
		}
	}
}

// impliesExists reports whether a field's condition matches only documents that have the
// field: a non-null value (equality), or operators of which one is a range or an equality to
// a non-null value, or an `$in` without null.
func impliesExists(v any) bool {
	ops, ok := v.(*types.Document)
	if !ok {
		return nonNull(v)
	}

	keys := ops.Keys()
	if len(keys) == 0 || keys[0] == "" || keys[0][0] != '$' {
		return true // an embedded document, compared whole: the field holds it
	}

	for i, operand := range ops.Values() {
		switch keys[i] {
		case "$eq", "$gt", "$gte", "$lt", "$lte":
			if nonNull(operand) {
				return true
			}
		case "$in":
			if arr, ok := operand.(*types.Array); ok && arr.Len() > 0 && allNonNull(arr) {
				return true
			}
		case "$exists":
			if operand == true {
				return true
			}
		}
	}

	return false
}

// nonNull: a value a missing field never equals, nor compares within range of.
func nonNull(v any) bool {
	_, isNull := v.(types.NullType)
	return !isNull
}

func allNonNull(arr *types.Array) bool {
	for _, v := range arrayValues(arr) {
		if !nonNull(v) {
			return false
		}
	}

	return true
}

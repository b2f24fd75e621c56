// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler): counts answered by the backend in SQL when it can count the filter
// exactly (the `count` command, and the `$match` + `$group`/`$count` pipeline the drivers'
// countDocuments sends), instead of decoding every matching document to count it; and a
// pipeline's leading find handed to the backend (leadingFind).

package handler

import (
	"context"
	"math"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// countInBackend returns the number of documents filter matches past skip, up to limit;
// false when the backend cannot count it exactly.
func countInBackend(ctx context.Context, c backends.Collection, filter *types.Document, skip, limit int64) (int64, bool, error) {
	res, err := c.Query(ctx, &backends.QueryParams{
		Full:  &backends.FullQuery{Filter: filter, Skip: skip, Limit: limit},
		Count: true,
	})
	if err != nil {
		return 0, false, lazyerrors.Error(err)
	}

	res.Iter.Close()

	return res.Count, res.Counted, nil
}

// countValue is a count as MongoDB's $sum of int32 ones gives it.
func countValue(n int64) any {
	if n <= math.MaxInt32 {
		return int32(n)
	}

	return n
}

// stage returns the operand of stages[0] when it is the stage named, and the stages after it.
func stage(stages []any, name string) (any, []any, bool) {
	if len(stages) == 0 {
		return nil, stages, false
	}

	d, _ := stages[0].(*types.Document)
	if d.Len() != 1 || d.Command() != name {
		return nil, stages, false
	}

	return valueOf(d.Get(name)), stages[1:], true
}

// wholeNumber is a $skip or $limit operand (validated already) as an int64.
func wholeNumber(v any) (int64, bool) {
	switch v := v.(type) {
	case int32:
		return int64(v), true
	case int64:
		return v, true
	case float64:
		return int64(v), float64(int64(v)) == v
	}

	return 0, false
}

// leadingFind is the find a pipeline starts with, `$match` then `$sort` (then `$limit`), for
// the backend to carry out when it can; the stages still run on what it returns, which is
// then already in order and no longer than the limit. Nil for any other start.
func leadingFind(stages []any, filter, sort *types.Document) *backends.FullQuery {
	if _, rest, ok := stage(stages, "$match"); ok {
		stages = rest
	}

	_, stages, ok := stage(stages, "$sort")
	if !ok || sort.Len() == 0 {
		return nil
	}

	full := &backends.FullQuery{Filter: filter, Sort: sort}

	if v, _, ok := stage(stages, "$limit"); ok {
		full.Limit, _ = wholeNumber(v)
	}

	return full
}

// countStages answers a pipeline of an optional `$match`, `$skip` and `$limit`, then
// `{$group: {_id: <constant>, <name>: {$sum: 1}}}` or `{$count: <name>}`; false for any other
// pipeline, or a filter the backend cannot count exactly.
func countStages(ctx context.Context, c backends.Collection, stages []any) (iterator.Interface[struct{}, *types.Document], bool, error) {
	var filter *types.Document
	var skip, limit int64

	if v, rest, ok := stage(stages, "$match"); ok {
		if filter, _ = v.(*types.Document); filter == nil {
			return nil, false, nil
		}

		stages = rest
	}

	if v, rest, ok := stage(stages, "$skip"); ok {
		if skip, ok = wholeNumber(v); !ok {
			return nil, false, nil
		}

		stages = rest
	}

	if v, rest, ok := stage(stages, "$limit"); ok {
		if limit, ok = wholeNumber(v); !ok || limit <= 0 {
			return nil, false, nil
		}

		stages = rest
	}

	if len(stages) != 1 {
		return nil, false, nil
	}

	last, _ := stages[0].(*types.Document)
	if last.Len() != 1 {
		return nil, false, nil
	}

	var shape func(n any) *types.Document

	switch last.Command() {
	case "$count":
		name, ok := valueOf(last.Get("$count")).(string)
		if !ok {
			return nil, false, nil
		}

		shape = func(n any) *types.Document { return docOf(types.NewDocument(name, n)) }
	case "$group":
		group, _ := valueOf(last.Get("$group")).(*types.Document)
		if group.Len() != 2 || group.Keys()[0] != "_id" {
			return nil, false, nil
		}

		id := valueOf(group.Get("_id"))
		switch id := id.(type) {
		case *types.Document, *types.Array:
			return nil, false, nil
		case string:
			if len(id) > 0 && id[0] == '$' {
				return nil, false, nil
			}
		}

		name := group.Keys()[1]
		acc, _ := valueOf(group.Get(name)).(*types.Document)
		if acc.Len() != 1 || acc.Command() != "$sum" || !isOne(valueOf(acc.Get("$sum"))) {
			return nil, false, nil
		}

		shape = func(n any) *types.Document { return docOf(types.NewDocument("_id", id, name, n)) }
	default:
		return nil, false, nil
	}

	n, ok, err := countInBackend(ctx, c, filter, skip, limit)
	if err != nil || !ok {
		return nil, false, err
	}

	var docs []*types.Document
	if n > 0 { // MongoDB's $group and $count give no document for no input
		docs = append(docs, shape(countValue(n)))
	}

	return iterator.Values(iterator.ForSlice(docs)), true, nil
}

// isOne: only an int32 1 sums to an int32 count (a long or a double 1 sums to its own type).
func isOne(v any) bool {
	n, ok := v.(int32)
	return ok && n == 1
}

// valueOf drops the error of a Get whose key was checked.
func valueOf(v any, _ error) any { return v }

func docOf(d *types.Document, err error) *types.Document {
	if err != nil {
		panic(err)
	}

	return d
}

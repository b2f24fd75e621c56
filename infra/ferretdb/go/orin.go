// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/types): a long `$or` of equalities on one field is answered as the `$in` it means, as
// MongoDB's planner rewrites it. Both the SQL the pushdown writes and the handler's filter of
// each row it found took the branches one by one: an `$or` of 3,000 `{n: v}` cost SQLite 3,000
// index probes joined by OR, and the handler up to 3,000 filter evaluations per row; as one
// `$in`, SQL reads one bound list and the handler looks the row's value up in a set.

package types

import (
	"strings"
	"sync"
)

// orMergeMin is the shortest `$or` merged; a shorter one is taken branch by branch as before.
const orMergeMin = 32

// orMerges keeps the merged form of the last long `$or` arrays: a query's filter is one value
// applied to each of its rows, so its `$or` is the same array from row to row. A few are kept
// for queries running side by side (held here, an array's address is not reused meanwhile); an
// array is never changed once parsed (its length is checked).
var orMerges struct {
	mu     sync.Mutex
	arrays [16]*Array
	lens   [16]int
	merged [16]*Array
	next   int
}

// MergedOr is the branches of an `$or` with the equalities on each field joined into one
// `{field: {$in: [...]}}` branch, in the place of the field's first; other branches as they
// were. ok is false when nothing merges (a short list, or no field named twice): use branches.
//
// A branch merges when it is a document of one field, not an operator, whose value is a plain
// value other than a document or an array (`{n: 3}`, `{s: /^a/}`, `{d: null}`), `{$eq: v}` of
// such a value other than a regular expression, or `{$in: [...]}`: for each, MongoDB's
// `{field: {$in: [v]}}` matches exactly the same documents (a regular expression matches as a
// pattern in both forms, null matches a missing field in both), so the union is one `$in`.
func MergedOr(branches *Array) (merged *Array, ok bool) {
	if branches.Len() < orMergeMin {
		return nil, false
	}

	orMerges.mu.Lock()
	for i, a := range orMerges.arrays {
		if a == branches && orMerges.lens[i] == branches.Len() {
			m := orMerges.merged[i]
			orMerges.mu.Unlock()

			return m, m != nil
		}
	}
	orMerges.mu.Unlock()

	m := mergeOr(branches)

	orMerges.mu.Lock()
	i := orMerges.next
	orMerges.arrays[i], orMerges.lens[i], orMerges.merged[i] = branches, branches.Len(), m
	orMerges.next = (i + 1) % len(orMerges.arrays)
	orMerges.mu.Unlock()

	return m, m != nil
}

// mergeOr is MergedOr's work (nil: nothing merges).
func mergeOr(branches *Array) *Array {
	type group struct {
		at     int // the index in out of the field's merged branch
		values []any
		n      int // branches merged
	}

	groups := map[string]*group{}
	out := make([]any, 0, branches.Len())

	for i := range branches.Len() {
		b, _ := branches.Get(i)

		field, values, ok := equalityBranch(b)
		if !ok {
			out = append(out, b)
			continue
		}

		g := groups[field]
		if g == nil {
			g = &group{at: len(out)}
			groups[field] = g

			out = append(out, nil)
		}

		g.values = append(g.values, values...)
		g.n++
	}

	var merges bool

	for field, g := range groups {
		if g.n > 1 {
			merges = true
		}

		in, err := NewArray(g.values...)
		if err != nil {
			return nil
		}

		cond, err := NewDocument("$in", in)
		if err != nil {
			return nil
		}

		out[g.at], err = NewDocument(field, cond)
		if err != nil {
			return nil
		}
	}

	if !merges {
		return nil
	}

	merged, err := NewArray(out...)
	if err != nil {
		return nil
	}

	return merged
}

// equalityBranch: a branch `{field: v}`, `{field: {$eq: v}}` or `{field: {$in: list}}` as the
// values an `$in` on field would hold (ok false: any other branch).
func equalityBranch(b any) (field string, values []any, ok bool) {
	d, isDoc := b.(*Document)
	if !isDoc || d.Len() != 1 {
		return "", nil, false
	}

	field = d.Keys()[0]
	if strings.HasPrefix(field, "$") {
		return "", nil, false
	}

	v, _ := d.Get(field)

	ops, isOps := v.(*Document)
	if !isOps {
		if _, isArr := v.(*Array); isArr {
			return "", nil, false
		}

		return field, []any{v}, true
	}

	if ops.Len() != 1 {
		return "", nil, false
	}

	operand, _ := ops.Get(ops.Keys()[0])

	switch ops.Keys()[0] {
	case "$eq":
		switch operand.(type) {
		case *Document, *Array, Regex:
			return "", nil, false
		}

		return field, []any{operand}, true
	case "$in":
		list, isArr := operand.(*Array)
		if !isArr {
			return "", nil, false
		}

		values = make([]any, 0, list.Len())
		for j := range list.Len() {
			e, _ := list.Get(j)
			values = append(values, e)
		}

		return field, values, true
	}

	return "", nil, false
}

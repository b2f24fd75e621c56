// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler/common): a long `$in` or `$nin` list is looked up, not walked. The handler
// applies a query's whole filter to every row SQL found, and compared a document's value with
// each member of the list in turn: an `_id: {$in: [16,384 ids]}` made 16,384² comparisons
// (3.4 s of the engine's CPU, where SQL found the rows in 0.1 s). Numbers too: each
// comparison of a double with an integer is exact, in big floats, so an `$in` of 3,000 numbers
// (a long `$or` of equalities, momentum_orin.go) cost more still.

package common

import (
	"math"
	"sync"

	"github.com/FerretDB/FerretDB/internal/types"
)

// inSetMin is the shortest list looked up in a set; a shorter one is walked as before.
const inSetMin = 32

// inSet holds a list's strings, ObjectIds and numbers; ok is false when the list holds a
// document or a regular expression (walked as before: they match, or fail, in ways a set cannot
// say), numsOK false when it holds a number the set cannot hold exactly (NaN, an integer past
// 2⁵³). Numbers are held as doubles: every int32, every int64 up to 2⁵³ and every double but
// NaN is one double exactly, and two such numbers are equal (types.Compare) when their doubles
// are (0 and -0 too).
type inSet struct {
	strs   map[string]struct{}
	oids   map[types.ObjectID]struct{}
	nums   map[float64]struct{}
	ok     bool
	numsOK bool
}

// exactDouble is v as a double when it is a number a double holds exactly (not NaN).
func exactDouble(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, !math.IsNaN(v)
	case int32:
		return float64(v), true
	case int64:
		return float64(v), v >= -(1<<53) && v <= 1<<53
	}

	return 0, false
}

// inSets keeps the sets of the last lists looked up: a query's filter is one value applied to
// each of its rows, so its list is the same pointer from row to row. A few are kept for
// queries running side by side; a list is never changed once parsed (its length is checked).
var inSets struct {
	mu    sync.Mutex
	lists [16]*types.Array
	lens  [16]int
	sets  [16]*inSet
	next  int
}

// setOf is arr's set, made once.
func setOf(arr *types.Array) *inSet {
	inSets.mu.Lock()
	for i, l := range inSets.lists {
		if l == arr && inSets.lens[i] == arr.Len() {
			s := inSets.sets[i]
			inSets.mu.Unlock()

			return s
		}
	}
	inSets.mu.Unlock()

	s := &inSet{
		strs: map[string]struct{}{}, oids: map[types.ObjectID]struct{}{}, nums: map[float64]struct{}{},
		ok: true, numsOK: true,
	}

	for i := range arr.Len() {
		switch v, _ := arr.Get(i); v := v.(type) {
		case string:
			s.strs[v] = struct{}{}
		case types.ObjectID:
			s.oids[v] = struct{}{}
		case float64, int32, int64:
			if d, exact := exactDouble(v); exact {
				s.nums[d] = struct{}{}
			} else {
				s.numsOK = false
			}
		case *types.Document, types.Regex:
			s.ok = false
		}
	}

	inSets.mu.Lock()
	i := inSets.next
	inSets.lists[i], inSets.lens[i], inSets.sets[i] = arr, arr.Len(), s
	inSets.next = (i + 1) % len(inSets.lists)
	inSets.mu.Unlock()

	return s
}

// inLookup is whether a member of arr equals fieldValue (found), when a set can tell (known):
// fieldValue a string, an ObjectId or a number a double holds exactly, arr long and free of
// documents and regular expressions (and, for a number, of numbers a double cannot hold).
// A string equals only a string of the same bytes and an ObjectId only the same ObjectId
// (types.Compare), so the set answers as the walk would, with no error the walk could raise.
func inLookup(fieldValue any, arr *types.Array) (found, known bool) {
	if arr.Len() < inSetMin {
		return false, false
	}

	switch v := fieldValue.(type) {
	case string:
		if s := setOf(arr); s.ok {
			_, found = s.strs[v]
			return found, true
		}
	case types.ObjectID:
		if s := setOf(arr); s.ok {
			_, found = s.oids[v]
			return found, true
		}
	case float64, int32, int64:
		if d, exact := exactDouble(v); exact {
			if s := setOf(arr); s.ok && s.numsOK {
				_, found = s.nums[d]
				return found, true
			}
		}
	}

	return false, false
}

// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler/common): `$pull` with a condition and `$push`'s `$slice` and `$position`,
// which FerretDB 1.24 accepted and ignored (a `$pull` of `{id: {$in: [...]}}` from an array of
// entries removed nothing, a `$push` with `$slice` grew the array without bound). An update
// accepted and not done is the worst answer: what is not done here (`$push`'s `$sort`) is
// refused, naming it.

package common

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/handler/handlererrors"
	"github.com/FerretDB/FerretDB/internal/handler/handlerparams"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// pullMatches reports whether `$pull` removes an element: a condition (a document) is a query
// on each element, as MongoDB applies it (operators on the element itself, or fields of an
// element that is a document); any other value removes the elements equal to it.
func pullMatches(command string, elem, cond any) (bool, error) {
	doc, ok := cond.(*types.Document)
	if !ok || doc.Len() == 0 {
		return types.Compare(elem, cond) == types.Equal, nil
	}

	var filter, target *types.Document

	if strings.HasPrefix(doc.Keys()[0], "$") {
		// `{$gte: 5}`, `{$in: [...]}`: the element itself is compared.
		filter = must.NotFail(types.NewDocument("e", doc))
		target = must.NotFail(types.NewDocument("e", elem))
	} else {
		elemDoc, isDoc := elem.(*types.Document)
		if !isDoc {
			return false, nil
		}

		filter, target = doc, elemDoc
	}

	matched, err := FilterDocument(target, filter)
	if err != nil {
		return false, NewUpdateError(handlererrors.ErrBadValue, fmt.Sprintf("$pull condition: %s", err), command)
	}

	return matched, nil
}

// pushModifiers are `$push`'s `$position` and `$slice` (nil: not given), checked as MongoDB
// checks them; `$sort` is refused.
type pushModifiers struct {
	position *int64
	slice    *int64
}

func readPushModifiers(command string, pushDoc *types.Document) (*pushModifiers, error) {
	var m pushModifiers

	keys := pushDoc.Keys()
	for i, v := range pushDoc.Values() {
		switch key := keys[i]; key {
		case "$each":
		case "$slice", "$position":
			n, err := wholeNumber(v)
			if err != nil {
				return nil, NewUpdateError(
					handlererrors.ErrBadValue,
					fmt.Sprintf("The value for %s must be an integer value but was given type: %s", key, handlerparams.AliasFromType(v)),
					command,
				)
			}

			if key == "$slice" {
				m.slice = &n
			} else {
				m.position = &n
			}
		case "$sort":
			return nil, NewUpdateError(
				handlererrors.ErrNotImplemented,
				"$push with the $sort modifier is not implemented in this engine build",
				command,
			)
		default:
			return nil, NewUpdateError(handlererrors.ErrBadValue, fmt.Sprintf("Unrecognized clause in $push: %s", key), command)
		}
	}

	return &m, nil
}

// wholeNumber is an integer, or a double holding one.
func wholeNumber(v any) (int64, error) {
	switch v := v.(type) {
	case int32:
		return int64(v), nil
	case int64:
		return v, nil
	case float64:
		if v == float64(int64(v)) {
			return int64(v), nil
		}
	}

	return 0, fmt.Errorf("not an integer")
}

// pushEach adds each's elements to array as `$push` does with its modifiers: at `$position`
// (from the end when negative), then keeps the first `$slice` elements (the last when negative).
func pushEach(array, each *types.Array, m *pushModifiers) *types.Array {
	values := make([]any, 0, array.Len()+each.Len())
	for i := range array.Len() {
		values = append(values, must.NotFail(array.Get(i)))
	}

	at := len(values)
	if m != nil && m.position != nil {
		p := *m.position
		if p < 0 {
			p += int64(len(values))
		}

		at = int(max(0, min(p, int64(len(values)))))
	}

	added := make([]any, 0, each.Len())
	for i := range each.Len() {
		added = append(added, must.NotFail(each.Get(i)))
	}

	values = append(values[:at], append(added, values[at:]...)...)

	if m != nil && m.slice != nil {
		n := *m.slice
		switch {
		case n >= 0 && n < int64(len(values)):
			values = values[:n]
		case n < 0 && -n < int64(len(values)):
			values = values[int64(len(values))+n:]
		}
	}

	res := types.MakeArray(len(values))
	for _, v := range values {
		res.Append(v)
	}

	return res
}

// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler/common): an equality with a document matches an array holding an element
// equal to it, as MongoDB's does (`{list: {a: 1}}` finds `{list: [{a: 1}, {b: 2}]}`). FerretDB
// 1.24 compared the document with the array itself and found nothing.

package common

import "github.com/FerretDB/FerretDB/internal/types"

// arrayHoldsDocument reports whether an element of arr is a document equal to doc (field by
// field, in order, as MongoDB compares documents).
func arrayHoldsDocument(arr *types.Array, doc *types.Document) bool {
	for i := range arr.Len() {
		elem, _ := arr.Get(i)
		if elem, ok := elem.(*types.Document); ok && types.Compare(elem, doc) == types.Equal {
			return true
		}
	}

	return false
}

// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): writes that keep the key columns of the fields a collection's
// indexes name (metadata.KeyedFields) equal to their rank and value in the document.
//
// Each column is set by SQL from the document's own text, with the expressions queries
// used before the columns existed (metadata.RankExprOf, ValueExprOf), so a column never
// disagrees with the document. An update sets the columns of a field only when its value
// changed; SQLite then rewrites only the indexes holding a changed column, and fires a side
// table's update trigger only when its keys' columns are set (multikey.go).

package sqlite

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// prepareKeyedInsert is FerretDB's prepareInsertStatement with the key columns: each row
// is its document's text (parameter ?N) and the columns computed from that parameter.
func prepareKeyedInsert(meta *metadata.Collection, docs []*types.Document) (string, []any, error) {
	keyed := metadata.KeyedFields(meta.Settings.Indexes)
	if len(keyed) == 0 {
		return prepareInsertStatement(meta.TableName, meta.Capped(), docs)
	}

	columns := []string{metadata.DefaultColumn}
	if meta.Capped() {
		columns = []string{metadata.RecordIDColumn, metadata.DefaultColumn}
	}

	for _, f := range keyed {
		columns = append(columns, metadata.KeyRankColumn(f), metadata.KeyValueColumn(f))
	}

	rows := make([]string, len(docs))
	args := make([]any, 0, len(docs)*len(columns))

	for i, doc := range docs {
		b, err := sjson.Marshal(doc)
		if err != nil {
			return "", nil, lazyerrors.Error(err)
		}

		var values []string
		if meta.Capped() {
			args = append(args, doc.RecordID())
			values = append(values, fmt.Sprintf("?%d", len(args)))
		}

		args = append(args, string(b))
		param := fmt.Sprintf("?%d", len(args))
		values = append(values, param)

		for _, f := range keyed {
			values = append(values, metadata.RankExprOf(param, f), metadata.ValueExprOf(param, f))
		}

		rows[i] = "(" + strings.Join(values, ", ") + ")"
	}

	return fmt.Sprintf(`INSERT INTO %q (%s) VALUES %s`, meta.TableName, strings.Join(columns, ", "), strings.Join(rows, ", ")),
		args, nil
}

// keyedUpdate is the UPDATE of one document, its text ?1 and its `_id` ?2: the key columns
// of each keyed field whose value differs from `prev` (the document's top-level values
// before the update; nil when unknown: every one) are set too.
func keyedUpdate(meta *metadata.Collection, doc *types.Document, prev map[string]any) string {
	var changed []string

	for _, f := range metadata.KeyedFields(meta.Settings.Indexes) {
		if prev == nil || !sameValue(prev, doc, f) {
			changed = append(changed, f)
		}
	}

	sets := append([]string{metadata.DefaultColumn + " = ?1"}, metadata.KeySets(changed, "?1")...)

	return fmt.Sprintf(`UPDATE %q SET %s WHERE %s = ?2`, meta.TableName, strings.Join(sets, ", "), metadata.IDColumn)
}

// sameValue reports whether field f holds the same value in prev and doc (the same type
// and value; an array or a document element by element), or is missing from both. prev
// holds copies of the arrays and documents (patched in the handler): an update operator
// changes them in place. A type this does not compare counts as changed.
func sameValue(prev map[string]any, doc *types.Document, f string) bool {
	a, hadA := prev[f]
	b, err := doc.Get(f)
	hasB := err == nil

	if !hadA || !hasB {
		return hadA == hasB
	}

	switch a := a.(type) {
	case string:
		b, ok := b.(string)
		return ok && a == b
	case int32:
		b, ok := b.(int32)
		return ok && a == b
	case int64:
		b, ok := b.(int64)
		return ok && a == b
	case float64:
		b, ok := b.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(b)
	case bool:
		b, ok := b.(bool)
		return ok && a == b
	case types.ObjectID:
		b, ok := b.(types.ObjectID)
		return ok && a == b
	case types.NullType:
		_, ok := b.(types.NullType)
		return ok
	case time.Time:
		b, ok := b.(time.Time)
		return ok && a.Equal(b)
	case *types.Array, *types.Document:
		return types.Identical(a, b)
	default:
		return false
	}
}

// prevOf is the top-level values of document i before the update, or nil when not given.
func prevOf(params *backends.UpdateAllParams, i int) map[string]any {
	if i < len(params.Prev) {
		return params.Prev[i]
	}

	return nil
}

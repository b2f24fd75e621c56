// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): a write a unique index refused answers which index and which
// key, as MongoDB's E11000 message does (`index: email_1 dup key: { email: null }`).
// SQLite's error names the index (an index over expressions: `_id_`, a unique index's index
// of null keys) or the columns (an index over key columns); both are mapped back here.

package sqlite

import (
	"errors"
	"slices"
	"strings"

	sqlite3 "modernc.org/sqlite"
	sqlite3lib "modernc.org/sqlite/lib"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
)

// isUniqueViolation reports whether err is SQLite refusing a write for a unique index.
func isUniqueViolation(err error) bool {
	var se *sqlite3.Error
	return errors.As(err, &se) && se.Code() == sqlite3lib.SQLITE_CONSTRAINT_UNIQUE
}

// duplicateKey is the backend's error for a write of docs that a unique index refused, with
// the index and, when one document was written, its key.
func duplicateKey(meta *metadata.Collection, docs []*types.Document, err error) error {
	d := &backends.DuplicateKey{Err: err}

	if index, ok := violatedIndex(meta, err.Error()); ok {
		d.Index = index.Name
		if len(docs) == 1 {
			d.Key = keyOf(index, docs[0])
		}
	}

	return backends.NewError(backends.ErrorCodeInsertDuplicateID, d)
}

// violatedIndex finds the index SQLite's message names: "UNIQUE constraint failed: index 'x'"
// or "UNIQUE constraint failed: t.c1, t.c2".
func violatedIndex(meta *metadata.Collection, msg string) (metadata.IndexInfo, bool) {
	const prefix = "UNIQUE constraint failed: "

	i := strings.Index(msg, prefix)
	if i < 0 {
		return metadata.IndexInfo{}, false
	}

	rest := msg[i+len(prefix):]
	if j := strings.LastIndex(rest, " ("); j >= 0 {
		rest = rest[:j]
	}

	if name, ok := strings.CutPrefix(rest, "index '"); ok {
		name = strings.TrimSuffix(name, "'")

		for _, index := range meta.Settings.Indexes {
			if name == metadata.IndexSQLName(meta.TableName, index.Name) || name == metadata.NullsIndexName(meta.TableName, index) {
				return index, true
			}
		}

		return metadata.IndexInfo{}, false
	}

	var columns []string
	for _, c := range strings.Split(rest, ", ") {
		columns = append(columns, `"`+strings.TrimPrefix(c, meta.TableName+".")+`"`)
	}

	for _, index := range meta.Settings.Indexes {
		if !index.Unique {
			continue
		}

		var want []string
		for _, key := range index.Key {
			if metadata.PushableField(key.Field) {
				want = append(want, metadata.KeyRankColumn(key.Field), metadata.KeyValueColumn(key.Field))
			}
		}

		if slices.Equal(want, columns) {
			return index, true
		}
	}

	return metadata.IndexInfo{}, false
}

// keyOf is a document's key in an index as MongoDB writes it in E11000 (`{ a: 1, b: null }`):
// a missing field is null.
func keyOf(index metadata.IndexInfo, doc *types.Document) string {
	key := new(types.Document)

	for _, k := range index.Key {
		var v any = types.Null

		if path, err := types.NewPathFromString(k.Field); err == nil {
			if got, err := doc.GetByPath(path); err == nil {
				v = got
			}
		}

		key.Set(k.Field, v)
	}

	return types.FormatAnyValue(key)
}

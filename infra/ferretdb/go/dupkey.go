// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler): E11000 as MongoDB writes it, naming the index and the key when the
// backend knows them (infra/ferretdb/go/unique.go): a client that tells a duplicate email from
// a duplicate `_id` reads the index's name.

package handler

import (
	"fmt"

	"github.com/FerretDB/FerretDB/internal/backends"
)

// duplicateKeyMessage is `E11000 duplicate key error collection: db.coll index: name dup key:
// { field: value }`, the index and key left out where err does not carry them.
func duplicateKeyMessage(db, coll string, err error) string {
	msg := fmt.Sprintf(`E11000 duplicate key error collection: %s.%s`, db, coll)

	if d := backends.DuplicateKeyOf(err); d != nil && d.Index != "" {
		msg += " index: " + d.Index
		if d.Key != "" {
			msg += " dup key: " + d.Key
		}
	}

	return msg
}

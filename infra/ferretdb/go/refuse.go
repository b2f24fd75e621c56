// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/clientconn): features this engine does not have, refused before any handler runs
// with an error naming them, where FerretDB answered wrongly or named no feature.

package clientconn

import (
	"bytes"
	"encoding/binary"

	"github.com/FerretDB/wire"
	"github.com/FerretDB/wire/wirebson"

	"github.com/FerretDB/FerretDB/internal/handler/handlererrors"
)

// textKey is `$text` as a BSON field name writes it; a command without these bytes has no
// `$text`, so only the rare one that has them is decoded whole.
var textKey = []byte("$text\x00")

// filterCommands are the commands whose documents are filters (or carry them).
var filterCommands = map[string]bool{
	"find": true, "count": true, "aggregate": true, "distinct": true, "delete": true,
	"update": true, "findAndModify": true, "findandmodify": true, "explain": true,
}

// refuseUnsupported is the error for a command asking for what this engine does not have, or
// nil. spec is the command's section 0, shallowly decoded.
func refuseUnsupported(spec *wirebson.Document, msg *wire.OpMsg, command string) error {
	// Transactions: FerretDB ignored startTransaction on find (answering outside any
	// transaction) and refused it elsewhere as an unknown field. A standalone MongoDB answers 20.
	if spec.Get("startTransaction") != nil || spec.Get("autocommit") != nil ||
		command == "commitTransaction" || command == "abortTransaction" {
		return handlererrors.NewCommandErrorMsgWithArgument(
			handlererrors.ErrIllegalOperation,
			"Transactions are not supported by this engine "+
				"(startTransaction, autocommit, commitTransaction, abortTransaction)",
			command,
		)
	}

	if !filterCommands[command] {
		return nil
	}

	// $text: FerretDB answered [] over a collection with no documents and "unknown top level
	// operator" otherwise. With no text index MongoDB answers 27, and there are none here.
	section0, sequences := msg.RawSections()
	if !bytes.Contains(section0, textKey) && !bytes.Contains(sequences, textKey) {
		return nil
	}

	docs := []wirebson.RawDocument{section0}
	for len(sequences) >= 4 {
		n := int(binary.LittleEndian.Uint32(sequences))
		if n < 5 || n > len(sequences) {
			break
		}

		docs = append(docs, wirebson.RawDocument(sequences[:n]))
		sequences = sequences[n:]
	}

	for _, raw := range docs {
		doc, err := raw.DecodeDeep()
		if err != nil {
			return nil // the handler answers a malformed document
		}

		if hasKey(doc, "$text") {
			return handlererrors.NewCommandErrorMsgWithArgument(
				handlererrors.ErrIndexNotFound,
				"text index required for $text query (text indexes and $text are not supported by this engine)",
				command,
			)
		}
	}

	return nil
}

// hasKey reports whether a document, or any document or array inside it, has the field name.
func hasKey(v any, name string) bool {
	switch v := v.(type) {
	case *wirebson.Document:
		for k, f := range v.All() {
			if k == name || hasKey(f, name) {
				return true
			}
		}
	case *wirebson.Array:
		for i := range v.Len() {
			if hasKey(v.Get(i), name) {
				return true
			}
		}
	}

	return false
}

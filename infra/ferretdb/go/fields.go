// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler): findAndModify's `fields`, the projection of the document it answers.
// FerretDB refused it ("not implemented"), so a client that wanted a document without some
// fields (an outbox, carried entries) read them back and dropped them itself.

package handler

import (
	"github.com/FerretDB/FerretDB/internal/handler/common"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// fieldsProjection validates findAndModify's `fields` before anything is written, as MongoDB
// does, and answers the function that projects the document answered (null stays null).
func fieldsProjection(params *common.FindAndModifyParams) (func(any) (any, error), error) {
	if params.Fields == nil || params.Fields.Len() == 0 {
		return func(value any) (any, error) { return value, nil }, nil
	}

	projection, inclusion, err := common.ValidateProjection(params.Fields)
	if err != nil {
		return nil, err
	}

	return func(value any) (any, error) {
		doc, ok := value.(*types.Document)
		if !ok {
			return value, nil
		}

		projected, err := common.ProjectDocument(doc, projection, params.Query, inclusion)
		if err != nil {
			return nil, lazyerrors.Error(err)
		}

		return projected, nil
	}, nil
}

// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler): TTL indexes. FerretDB refused `expireAfterSeconds` ("not implemented"),
// so a client had to delete expired documents itself. As MongoDB's TTL monitor does, every
// `ttlMonitorSleepSecs` (60; FERRETDB_TTL_MONITOR_SLEEP_SECS sets it) each TTL index's
// collection loses the documents whose indexed field holds a date, or an array holding a
// date, older than `expireAfterSeconds`; a document without one never expires. They are found
// and deleted by the delete command's own code (execDeleteUpTo), under the database's write
// lock, the filter pushed down, a thousand per hold of the lock.

package handler

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/clientconn/conninfo"
	"github.com/FerretDB/FerretDB/internal/handler/common"
	"github.com/FerretDB/FerretDB/internal/handler/handlererrors"
	"github.com/FerretDB/FerretDB/internal/handler/handlerparams"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/logging"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// ttlOption reads an index's `expireAfterSeconds`, refused where MongoDB refuses it.
func ttlOption(command string, index *backends.IndexInfo, v any) (*int32, error) {
	refuse := func(code handlererrors.ErrorCode, msg string) (*int32, error) {
		return nil, handlererrors.NewCommandErrorMsgWithArgument(code, msg, command)
	}

	if len(index.Key) == 1 && index.Key[0].Field == "_id" {
		return refuse(handlererrors.ErrInvalidIndexSpecificationOption,
			"The field 'expireAfterSeconds' is not valid for an _id index specification.")
	}

	if len(index.Key) != 1 {
		return refuse(handlererrors.ErrCannotCreateIndex,
			"TTL indexes are single-field indexes, compound indexes do not support TTL.")
	}

	var secs float64

	switch v := v.(type) {
	case int32:
		secs = float64(v)
	case int64:
		secs = float64(v)
	case float64:
		secs = math.Trunc(v)
	default:
		return refuse(handlererrors.ErrCannotCreateIndex, fmt.Sprintf(
			"TTL index 'expireAfterSeconds' option must be numeric, but received a type of '%s'.",
			handlerparams.AliasFromType(v),
		))
	}

	if math.IsNaN(secs) || secs < 0 || secs > math.MaxInt32 {
		return refuse(handlererrors.ErrCannotCreateIndex,
			"TTL index 'expireAfterSeconds' option must be within an acceptable range, rejecting.")
	}

	expire := int32(secs)

	return &expire, nil
}

// runTTLMonitor deletes expired documents until the handler closes.
func (h *Handler) runTTLMonitor() {
	sleep := 60 * time.Second
	if s, err := strconv.Atoi(os.Getenv("FERRETDB_TTL_MONITOR_SLEEP_SECS")); err == nil && s > 0 {
		sleep = time.Duration(s) * time.Second
	}

	ticker := time.NewTicker(sleep)
	defer ticker.Stop()

	for {
		select {
		case <-ticker.C:
			if err := h.expireAll(context.Background()); err != nil {
				h.L.Error("TTL monitor: a pass failed; the next one retries.", logging.Error(err))
			}

		case <-h.cappedCleanupStop:
			return
		}
	}
}

// expireAll runs one pass over every collection's TTL indexes.
func (h *Handler) expireAll(ctx context.Context) error {
	connInfo := conninfo.New()
	connInfo.SetBypassBackendAuth()
	ctx = conninfo.Ctx(ctx, connInfo)

	dbList, err := h.b.ListDatabases(ctx, nil)
	if err != nil {
		return lazyerrors.Error(err)
	}

	for _, dbInfo := range dbList.Databases {
		db, err := h.b.Database(dbInfo.Name)
		if err != nil {
			return lazyerrors.Error(err)
		}

		cList, err := db.ListCollections(ctx, nil)
		if err != nil {
			return lazyerrors.Error(err)
		}

		for _, cInfo := range cList.Collections {
			if err := h.expireCollection(ctx, dbInfo.Name, db, cInfo.Name); err != nil {
				if backends.ErrorCodeIs(err, backends.ErrorCodeCollectionDoesNotExist) ||
					backends.ErrorCodeIs(err, backends.ErrorCodeDatabaseDoesNotExist) {
					continue // dropped meanwhile
				}

				return lazyerrors.Error(err)
			}
		}
	}

	return nil
}

// expireCollection deletes one collection's expired documents, index by TTL index.
func (h *Handler) expireCollection(ctx context.Context, dbName string, db backends.Database, name string) error {
	coll, err := db.Collection(name)
	if err != nil {
		return err
	}

	indexes, err := coll.ListIndexes(ctx, nil)
	if err != nil {
		return err
	}

	for _, index := range indexes.Indexes {
		if index.ExpireAfterSeconds == nil || len(index.Key) != 1 {
			continue
		}

		cutoff := time.Now().Add(-time.Duration(*index.ExpireAfterSeconds) * time.Second)
		filter := must.NotFail(types.NewDocument(
			index.Key[0].Field, must.NotFail(types.NewDocument("$lt", cutoff)),
		))

		var deleted int
		for {
			n, err := h.deleteExpired(ctx, dbName, coll, filter)
			if err != nil {
				return err
			}

			if deleted += n; n < ttlBatch {
				break
			}
		}

		if deleted > 0 {
			h.L.InfoContext(ctx, "TTL monitor: expired documents deleted",
				slog.String("db", dbName), slog.String("collection", name),
				slog.String("index", index.Name), slog.Int("deleted", deleted),
			)
		}
	}

	return nil
}

// ttlBatch is how many expired documents one hold of the database's write lock deletes, so
// a large backlog (a shortened expiry) does not hold the database's writers for long.
const ttlBatch = 1000

// deleteExpired deletes up to ttlBatch documents matching filter, as the delete command
// does, under the database's write lock.
func (h *Handler) deleteExpired(ctx context.Context, dbName string, coll backends.Collection, filter *types.Document) (int, error) {
	defer h.lockDB(dbName)()

	deleted, err := h.execDeleteUpTo(ctx, coll, &common.Delete{Filter: filter}, ttlBatch)

	return int(deleted), err
}

// sameTTL is whether two indexes expire documents alike (or neither does).
func sameTTL(a, b backends.IndexInfo) bool {
	if a.ExpireAfterSeconds == nil || b.ExpireAfterSeconds == nil {
		return a.ExpireAfterSeconds == b.ExpireAfterSeconds
	}

	return *a.ExpireAfterSeconds == *b.ExpireAfterSeconds
}

// ttlConflict is MongoDB's answer to an index asked for again with another expiry.
func ttlConflict(command string, requested, existing backends.IndexInfo) error {
	expiry := func(i backends.IndexInfo) string {
		if i.ExpireAfterSeconds == nil {
			return "none"
		}

		return strconv.Itoa(int(*i.ExpireAfterSeconds))
	}

	return handlererrors.NewCommandErrorMsgWithArgument(
		handlererrors.ErrIndexOptionsConflict,
		fmt.Sprintf(
			"An equivalent index already exists with the same name but different options. "+
				"Requested index: { name: %q, expireAfterSeconds: %s }, existing index: { name: %q, expireAfterSeconds: %s }",
			requested.Name, expiry(requested), existing.Name, expiry(existing),
		),
		command,
	)
}

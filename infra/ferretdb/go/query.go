// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): the SQL statements of a query and a count built with
// pushdown.go, and run under the collection's marks (marks.go).

package sqlite

import (
	"context"
	"fmt"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// sqlQuery is a query's statement and what of the request it carries out.
type sqlQuery struct {
	q    string
	args []any

	filterPushed bool // some of the filter is in WHERE
	exact        bool // WHERE is the whole filter
	applied      bool // sort, skip and limit are in the statement too
}

// queryShape is what a query, a count or an explain asks.
type queryShape struct {
	filter  *types.Document // the filter the handler passed (may lack nested keys)
	full    *backends.FullQuery
	limit   int64 // FerretDB's own limit pushdown (no filter, no sort, no skip)
	comment string
	ids     bool // only record ids
}

// buildQuery writes the SELECT of a query on a non-capped collection.
func buildQuery(meta *metadata.Collection, m *fieldMarks, s *queryShape) *sqlQuery {
	filter := s.filter
	if s.full != nil {
		filter = s.full.Filter
	}

	keyed := metadata.KeyedFields(meta.Settings.Indexes)
	f := planFilter(filter, m, meta.TableName, keyed)
	f.addImpliedPartialTerms(meta, filter)
	res := &sqlQuery{filterPushed: len(f.conds) > 0, exact: s.full != nil && f.exact}

	if res.exact && s.full.Sort.Len() > 0 {
		// An index's side table walked in the sort's order (sideplan.go).
		if p, ok := planSide(f, s.full.Sort); ok && p.order != "" {
			lo, loArgs := limitOffset(s.full.Skip, s.full.Limit)
			res.q = p.selectFrom(s.comment) + p.where + p.order + lo
			res.args = append(p.args, loArgs...)
			res.applied = true

			return res
		}
	}

	where, args := f.where()
	q := prepareSelectClause(meta.TableName, s.comment, false, s.ids) + where

	if res.exact && s.full.Sort.Len() > 0 {
		if order, ok := orderBy(s.full.Sort, m, keyed); ok {
			lo, loArgs := limitOffset(s.full.Skip, s.full.Limit)
			q += order + lo
			args = append(args, loArgs...)
			res.applied = true
		}
	}

	if !res.applied && s.full != nil && s.full.Sort.Len() > 0 && len(f.conds) > 0 {
		// The handler sorts what SQL narrowed, stably: in the table's order, as it would
		// without the narrowing, so that ties come out as they always did.
		q += " ORDER BY rowid"
	}

	if !res.applied && s.limit != 0 && len(f.conds) == 0 {
		q += " LIMIT ?"
		args = append(args, s.limit)
	}

	res.q, res.args = q, args

	return res
}

// buildCount writes the count of an exact filter, with its skip and limit; nil when the
// filter is not exact.
func buildCount(meta *metadata.Collection, m *fieldMarks, full *backends.FullQuery) *sqlQuery {
	f := planFilter(full.Filter, m, meta.TableName, metadata.KeyedFields(meta.Settings.Indexes))
	f.addImpliedPartialTerms(meta, full.Filter)
	if !f.exact {
		return nil
	}

	lo, loArgs := limitOffset(full.Skip, full.Limit)
	where, args := f.where()
	q := fmt.Sprintf("SELECT COUNT(*) FROM (SELECT 1 FROM %q%s%s)", meta.TableName, where, lo)

	if p, ok := planSide(f, nil); ok {
		// From an index's side table: its entries for the leading keys, each document
		// looked up for the rest, up to the limit; once per document when it may have several.
		what := "1"
		if p.several {
			what = "DISTINCT m.id"
		}

		from, where := p.from, p.where
		args = p.args

		if p.covered {
			// Every condition is the side's: its entries are counted without their documents.
			from, where, args = p.sideFrom, p.sideWhere, p.sideArgs
		}

		q = fmt.Sprintf("SELECT COUNT(*) FROM (SELECT %s%s%s%s)", what, from, where, lo)
	}

	return &sqlQuery{q: q, args: append(args, loArgs...), filterPushed: true, exact: true, applied: true}
}

// pushdownQuery runs a query (or a count) on a non-capped collection.
func (c *collection) pushdownQuery(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.QueryParams) (*backends.QueryResult, error) {
	book := marksOf(c.r)

	m, err := book.rlockLoaded(ctx, db, c.dbName+"."+c.name, meta)
	if err != nil {
		return nil, err
	}
	defer book.mu.RUnlock() // until the statement has started: see markBook

	if params.Count {
		res := &backends.QueryResult{Iter: newQueryIterator(ctx, nil, params.OnlyRecordIDs)}
		if params.Full == nil {
			return res, nil
		}

		count := buildCount(meta, m, params.Full)
		if count == nil {
			return res, nil
		}

		if err = db.QueryRowContext(ctx, count.q, count.args...).Scan(&res.Count); err != nil {
			return nil, lazyerrors.Error(err)
		}

		res.Counted = true

		return res, nil
	}

	sq := buildQuery(meta, m, &queryShape{
		filter:  params.Filter,
		full:    params.Full,
		limit:   params.Limit,
		comment: params.Comment,
		ids:     params.OnlyRecordIDs,
	})

	rows, err := db.QueryContext(ctx, sq.q, sq.args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return &backends.QueryResult{
		Iter:    newQueryIterator(ctx, rows, params.OnlyRecordIDs),
		Applied: sq.applied,
	}, nil
}

// pushdownExplain explains the statement pushdownQuery would run.
func (c *collection) pushdownExplain(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.ExplainParams) (*backends.ExplainResult, error) {
	book := marksOf(c.r)

	m, err := book.rlockLoaded(ctx, db, c.dbName+"."+c.name, meta)
	if err != nil {
		return nil, err
	}
	defer book.mu.RUnlock()

	sq := buildQuery(meta, m, &queryShape{filter: params.Filter, full: params.Full, limit: params.Limit})

	rows, err := db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+sq.q, sq.args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}
	defer rows.Close()

	plan, err := types.NewArray()
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	for rows.Next() {
		var id, parent, notused int32
		var detail string

		if err = rows.Scan(&id, &parent, &notused, &detail); err != nil {
			return nil, lazyerrors.Error(err)
		}

		plan.Append(fmt.Sprintf("id=%d parent=%d notused=%d detail=%s", id, parent, notused, detail))
	}

	if err = rows.Err(); err != nil {
		return nil, lazyerrors.Error(err)
	}

	planner, err := types.NewDocument("Plan", plan, "sql", sq.q, "exact", sq.exact)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return &backends.ExplainResult{
		QueryPlanner:   planner,
		FilterPushdown: sq.filterPushed,
		SortPushdown:   sq.applied && params.Full != nil && params.Full.Sort.Len() > 0,
		LimitPushdown:  sq.applied && params.Full != nil && params.Full.Limit > 0,
	}, nil
}

// upgradeIndexes rebuilds the indexes an earlier build made (on `->` JSON text, or on
// expressions over the document before the key columns), once per collection and process,
// so the pushdown's statements can use them. Each is
// dropped and made again in one transaction: one that cannot be made (a unique index that
// the typed values would break) stays as it was.
func upgradeIndexes(ctx context.Context, db *fsql.DB, meta *metadata.Collection) error {
	// An earlier build's table lacks the key columns; their indexes are made again below.
	if err := metadata.FillKeyColumns(ctx, db, meta.TableName, metadata.KeyedFields(meta.Settings.Indexes), false); err != nil {
		return err
	}

	for _, index := range meta.Settings.Indexes {
		name := metadata.IndexSQLName(meta.TableName, index.Name)
		want := metadata.IndexCreateSQL(meta.TableName, index)

		var have string
		err := db.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`, name).Scan(&have)
		if err != nil || have == want {
			continue
		}

		_ = db.InTransaction(ctx, func(tx *fsql.Tx) error {
			if _, err := tx.ExecContext(ctx, fmt.Sprintf("DROP INDEX %q", name)); err != nil {
				return err
			}

			_, err := tx.ExecContext(ctx, want)

			return err
		})
	}

	return nil
}

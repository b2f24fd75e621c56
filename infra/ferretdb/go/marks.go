// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite): which top-level fields of a collection have ever held a value
// that SQL cannot compare the way MongoDB does, so the pushdown knows when it may answer in
// SQL and when it must leave the field to FerretDB's own path.

package sqlite

import (
	"context"
	"fmt"
	"sync"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// A field marked `array` has held an array in some document: MongoDB matches `{f: v}` on
// an array holding v, which an index on the field's single value cannot answer, so no
// filter on the field is pushed down. A field marked `unordered` has held a value whose
// order SQL does not know (an array, object, binary, timestamp or regex): no sort on it is.
//
// Marks only grow while the process runs (a document that loses its array leaves the mark),
// so they may over-state, which costs speed, never an answer. They are found by one scan of
// the collection the first time it is read or written after start, then kept by every write.
type fieldMarks struct {
	array     map[string]struct{}
	unordered map[string]struct{}
	multikey  map[string][]*sideIndex // array fields, and the side tables of the indexes they lead (multikey.go)
	sides     map[string]*sideIndex   // by table name
}

// markBook holds the marks of one backend's collections.
//
// Reads hold mu shared from reading the marks until their statement has started (modernc's
// QueryContext takes the first step, which fixes SQLite's read snapshot). A write that adds
// a mark holds mu alone from before it takes a connection until it commits (in a command's
// transaction, command.go, until its savepoint is released: the mark is then in place before
// the command commits), so a statement either started before the write committed (and cannot
// see the new value) or reads the mark. A write that adds no mark holds nothing.
//
// A collection's marks are loaded without mu (rlockLoaded): loading writes (index upgrades,
// side tables, statistics), and waiting for a database's write lock while holding mu alone
// would stall a command that holds that lock between its statements (command.go) and needs
// mu for its next one, until SQLite's busy timeout gave up (10 s).
type markBook struct {
	mu        sync.RWMutex
	tables    map[string]*fieldMarks // database name + "." + collection name
	forgotten uint64                 // forget calls so far (drops.go), counted under mu

	loading sync.Mutex // one load at a time (rlockLoaded)

	stats *statsBook // kept beside the marks (analyze.go)
}

var markBooks sync.Map // *metadata.Registry -> *markBook

func marksOf(r *metadata.Registry) *markBook {
	b, _ := markBooks.LoadOrStore(r, &markBook{tables: map[string]*fieldMarks{}, stats: newStatsBook()})
	return b.(*markBook)
}

// tablesOf are the SQLite tables of a collection: its own, and its indexes' side tables.
func tablesOf(meta *metadata.Collection, m *fieldMarks) []string {
	tables := []string{meta.TableName}
	for name := range m.sides {
		tables = append(tables, name)
	}

	return tables
}

// kindsOf returns the marks a document's top-level values call for.
func kindsOf(doc *types.Document) (array, unordered []string) {
	keys := doc.Keys()
	for i, v := range doc.Values() {
		switch v.(type) {
		case *types.Array:
			array = append(array, keys[i])
			unordered = append(unordered, keys[i])
		case *types.Document, types.Binary, types.Timestamp, types.Regex:
			unordered = append(unordered, keys[i])
		}
	}

	return array, unordered
}

// rlockLoaded takes mu shared and returns the collection's marks. The first time in this
// process it also brings the collection's indexes up to date (upgradeIndexes) and scans it,
// without holding mu (see markBook). The caller releases mu.RUnlock.
func (b *markBook) rlockLoaded(ctx context.Context, db *fsql.DB, key string, meta *metadata.Collection) (*fieldMarks, error) {
	for {
		b.mu.RLock()
		if m := b.tables[key]; m != nil {
			return m, nil
		}
		forgotten := b.forgotten
		b.mu.RUnlock()

		m, err := b.load(ctx, db, key, meta)
		if err != nil {
			return nil, err
		}

		// Not when the collection was dropped or renamed while it loaded: it loads again.
		b.mu.Lock()
		if b.forgotten == forgotten && b.tables[key] == nil {
			b.tables[key] = m
		}
		b.mu.Unlock()
	}
}

// load reads a collection's marks from what is stored, one load at a time: the marks
// another load installed meanwhile, if it did.
func (b *markBook) load(ctx context.Context, db *fsql.DB, key string, meta *metadata.Collection) (*fieldMarks, error) {
	b.loading.Lock()
	defer b.loading.Unlock()

	b.mu.RLock()
	m := b.tables[key]
	b.mu.RUnlock()

	if m != nil {
		return m, nil
	}

	err := upgradeIndexes(ctx, db, meta)
	if err == nil {
		m, err = scanMarks(ctx, db, meta.TableName)
	}

	if err == nil {
		if err = dropStaleSides(ctx, db, meta, m); err == nil {
			err = ensureMultikey(ctx, db, meta, m)
		}
	}

	if err != nil {
		return nil, err
	}

	b.stats.analyzeIfNever(ctx, db, key, tablesOf(meta, m))

	return m, nil
}

// write runs a write of docs, marking what they call for first. See markBook.
func (b *markBook) write(ctx context.Context, db *fsql.DB, key string, meta *metadata.Collection, docs []*types.Document, f func() error) error {
	m, err := b.rlockLoaded(ctx, db, key, meta)
	if err != nil {
		return err
	}

	var array, unordered []string
	for _, doc := range docs {
		a, u := kindsOf(doc)
		for _, f := range a {
			if _, ok := m.array[f]; !ok {
				array = append(array, f)
			}
		}
		for _, f := range u {
			if _, ok := m.unordered[f]; !ok {
				unordered = append(unordered, f)
			}
		}
	}
	b.mu.RUnlock()

	defer b.stats.wrote(db, key, tablesOf(meta, m), len(docs))

	if len(array) == 0 && len(unordered) == 0 {
		return f()
	}

	b.mu.Lock()
	defer b.mu.Unlock()

	for _, f := range array {
		m.array[f] = struct{}{}
	}
	for _, f := range unordered {
		m.unordered[f] = struct{}{}
	}

	if err = ensureMultikey(ctx, db, meta, m); err != nil {
		return err
	}

	return f()
}

// scanMarks reads the marks of a collection from what is stored: the sjson schema of each
// document names the type of each of its top-level values.
func scanMarks(ctx context.Context, db *fsql.DB, table string) (*fieldMarks, error) {
	m := &fieldMarks{
		array:     map[string]struct{}{},
		unordered: map[string]struct{}{},
		multikey:  map[string][]*sideIndex{},
		sides:     map[string]*sideIndex{},
	}
	if table == "" {
		return m, nil
	}

	q := fmt.Sprintf(`SELECT DISTINCT j.key, j.value->>'t' FROM %q AS d, json_each(d.%s, '$."$s".p') AS j `+
		`WHERE j.value->>'t' IN ('array', 'object', 'binData', 'timestamp', 'regex')`, table, metadata.DefaultColumn)

	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}
	defer rows.Close()

	for rows.Next() {
		var field, t string
		if err = rows.Scan(&field, &t); err != nil {
			return nil, lazyerrors.Error(err)
		}

		m.unordered[field] = struct{}{}
		if t == "array" {
			m.array[field] = struct{}{}
		}
	}

	if err = rows.Err(); err != nil {
		return nil, lazyerrors.Error(err)
	}

	return m, nil
}

// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends/sqlite/metadata): what the build keeps beside the documents (key columns,
// side tables and their triggers, a unique index's index of null keys) is trusted only when
// this layout wrote it, and only one engine process keeps it.
//
// - Each database file carries the layout it was written in (PRAGMA user_version). A file of
//   another layout (a build of another patch level, FerretDB as released: 0) has, at start,
//   its key columns set again from the documents, its side tables dropped (made again from the
//   documents at the collection's first use) and its unique indexes' indexes of null keys
//   made; then it is marked. Rows another layout wrote with other columns are found again.
// - The data directory is locked (flock) for the process's life: a second engine on it stops
//   at start with an error naming the directory. Each process keeps a collection's marks
//   (which fields held arrays) in memory, so a second writer's arrays went unseen by the first.

package metadata

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// LayoutVersion is the layout this build writes: bumped with any change of what it keeps
// beside the documents (19: nulls indexes, case-proof column names, side tables of dropped
// indexes gone).
const LayoutVersion = 19

// lockFile is held open, and locked, until the process ends.
var lockFile *os.File

// lockDataDir locks the directory of an SQLite URI for this process, or says who holds it.
func lockDataDir(u string) error {
	uri, err := url.Parse(u)
	if err != nil || uri.Query().Get("mode") == "memory" {
		return nil // pool.New reports a bad URI; memory holds nothing to share
	}

	dir := uri.Path
	if dir == "" {
		dir = uri.Opaque
	}

	if dir == "" {
		return nil
	}

	name := filepath.Join(dir, "momentum-engine.lock")

	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil // no such directory: pool.New says so
	}

	if err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(name)
		_ = f.Close()

		return fmt.Errorf("data directory %s is in use by another engine process (pid %s): "+
			"two engines on one directory would each miss what the other wrote; stop that one or give this one another directory",
			dir, strings.TrimSpace(string(holder)))
	}

	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	lockFile = f

	return nil
}

// markLayout marks a new database file as written in this layout.
func markLayout(ctx context.Context, db *fsql.DB) error {
	_, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", LayoutVersion))
	return err
}

// checkLayout brings a database file of another layout to this one (see above).
func checkLayout(ctx context.Context, l *slog.Logger, dbName string, db *fsql.DB, colls map[string]*Collection) error {
	var version int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return lazyerrors.Error(err)
	}

	if version == LayoutVersion {
		return nil
	}

	l.Warn(fmt.Sprintf("Momentum: database %q is of layout %d, not %d: setting its key columns and side tables again from the documents",
		dbName, version, LayoutVersion))

	for _, c := range colls {
		if err := relayout(ctx, l, db, c); err != nil {
			return lazyerrors.Errorf("database %q, collection %q: %w", dbName, c.Name, err)
		}
	}

	return markLayout(ctx, db)
}

// relayout sets a collection's key columns from its documents, drops its side tables and
// their triggers (made again at its first use), and makes its nulls indexes.
func relayout(ctx context.Context, l *slog.Logger, db *fsql.DB, c *Collection) error {
	table := c.TableName

	rows, err := db.QueryContext(ctx, `SELECT type, name FROM sqlite_master WHERE (type = 'trigger' AND tbl_name = ?) `+
		`OR (type = 'table' AND (substr(name, 1, ?) = ? OR name = ?))`, table, len(table)+5, table+"__mk_", table+"__multikey")
	if err != nil {
		return lazyerrors.Error(err)
	}

	var drops []string

	for rows.Next() {
		var kind, name string
		if err = rows.Scan(&kind, &name); err != nil {
			_ = rows.Close()
			return lazyerrors.Error(err)
		}

		drops = append(drops, fmt.Sprintf("DROP %s IF EXISTS %q", strings.ToUpper(kind), name))
	}

	_ = rows.Close()

	if err = rows.Err(); err != nil {
		return lazyerrors.Error(err)
	}

	// Triggers first: a side table goes after the triggers that write it.
	for _, q := range drops {
		if strings.HasPrefix(q, "DROP TRIGGER") {
			if _, err = db.ExecContext(ctx, q); err != nil {
				return lazyerrors.Error(err)
			}
		}
	}

	for _, q := range drops {
		if strings.HasPrefix(q, "DROP TABLE") {
			if _, err = db.ExecContext(ctx, q); err != nil {
				return lazyerrors.Error(err)
			}
		}
	}

	if err = FillKeyColumns(ctx, db, table, KeyedFields(c.Settings.Indexes), true); err != nil {
		return err
	}

	for _, index := range c.Settings.Indexes {
		q := NullsIndexSQL(table, index)
		if q == "" {
			continue
		}

		q = strings.Replace(q, "CREATE UNIQUE INDEX", "CREATE UNIQUE INDEX IF NOT EXISTS", 1)
		if _, err = db.ExecContext(ctx, q); err != nil {
			// Documents stored before hold nulls the index refuses: left as it was, as
			// an earlier build's unique index the typed values would break is.
			l.Warn(fmt.Sprintf("Momentum: unique index %q of %q keeps more than one null: %s", index.Name, c.Name, err))
		}
	}

	return nil
}

// Momentum's addition to FerretDB v1.24.2 (scripts/lib/ferretdb-patch.mjs copies it into
// internal/backends): what a backend asks the handler to run at the end of each write
// command, while the command still holds its database's writes.

package backends

// AfterWriteCommand, when a backend sets it, runs as each write command on a database ends,
// before the handler lets the database's next write command start (the SQLite backend: a
// look at the database's write-ahead log, scripts/ferretdb/wal.go).
var AfterWriteCommand func(dbName string)

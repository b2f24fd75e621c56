// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/backends): what a backend asks the handler to run at the end of each write
// command, while the command still holds its database's writes.

package backends

import "errors"

// AfterWriteCommand, when a backend sets it, runs as each write command on a database ends,
// before the handler lets the database's next write command start (the SQLite backend: a
// look at the database's write-ahead log, infra/ferretdb/go/wal.go).
var AfterWriteCommand func(dbName string)

// DuplicateKey is what a backend knows of a write a unique index refused: the index's name
// and the key, as MongoDB's E11000 message gives them (`{ email: null }`); either may be "".
type DuplicateKey struct {
	Index string
	Key   string
	Err   error
}

// Error implements error interface.
func (d *DuplicateKey) Error() string { return d.Err.Error() }

// Unwrap returns the backend's own error.
func (d *DuplicateKey) Unwrap() error { return d.Err }

// DuplicateKeyOf is the DuplicateKey inside a backend's error, or nil.
func DuplicateKeyOf(err error) *DuplicateKey {
	var be *Error
	if !errors.As(err, &be) {
		return nil
	}

	var d *DuplicateKey
	if errors.As(be.err, &d) {
		return d
	}

	return nil
}

// Momentum's addition to modernc.org/libc (infra/ferretdb/build/libc-patch.mjs copies it in): memcmp
// with the Go runtime's vectorised comparison. The transpiled musl memcmp compares a byte at
// a time, and SQLite compares whole documents with it: its JSON cache finds a row's parsed
// text by comparing the text (every index expression of an insert or update asks), and its
// B-trees compare text keys with it. Go profile of FerretDB under inserts with the issue
// indexes: 45% of the engine's CPU in that loop.

//go:build linux && (amd64 || arm64)

package libc

import (
	"bytes"
	"unsafe"
)

// Xmemcmp returns <0, 0 or >0 as the first n bytes at vl order before, equal to or after
// those at vr (C's memcmp; SQLite reads only the sign).
func Xmemcmp(tls *TLS, vl uintptr, vr uintptr, n Tsize_t) int32 {
	if n == 0 || vl == vr {
		return 0
	}

	return int32(bytes.Compare(
		unsafe.Slice((*byte)(unsafe.Pointer(vl)), n),
		unsafe.Slice((*byte)(unsafe.Pointer(vr)), n),
	))
}

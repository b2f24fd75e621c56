// Momentum's addition to modernc.org/sqlite/lib, SQLite transpiled to Go
// (infra/ferretdb/build/sqlite-driver-patch.mjs copies it in): a transaction's new frames reach the
// write-ahead log in one write. SQLite's walFrames wrote each frame as two writes, its
// 24-byte header and then its page, so a commit of a task insert (its row, the `_id` index
// and nine more) made about 24 pwrite calls; under creates they were a tenth of the
// engine's CPU, most of it in the kernel. The frames of one call are contiguous in the
// log, so they are assembled here, header and page as SQLite encodes them (its checksums
// chain from one frame to the next in the same order), and written where the first one
// goes before anything reads them: the checksum rewrite, the sync, the wal-index. A frame
// that overwrites one of an earlier call is still written in place, as before.

//go:build linux && (amd64 || arm64)

package sqlite3

import (
	"sync"
	"unsafe"

	"modernc.org/libc"
)

// walBatchLimit is the most one write may carry: SQLite's unix layer masks a write's length
// to 17 bits (seekAndWriteFd), so a longer one would be cut short. A transaction with more
// frames (an index built over a big collection) is written in pieces of at most this size.
const walBatchLimit = 0x1ffff

var walBatchBuffers = sync.Pool{New: func() any { return new([]byte) }}

// walBatch holds the frames of one walFrames call that are not written yet.
type walBatch struct {
	buf    *[]byte
	offset Ti64 // where the first held frame goes in the log
}

// frame encodes the frame of pPage, which goes at iOffset, into the batch (walWriteOneFrame
// without its two writes). w is the call's WalWriter.
func (b *walBatch) frame(tls *libc.TLS, w uintptr, pPage uintptr, nTruncate int32, iOffset Ti64) int32 {
	writer := (*TWalWriter)(unsafe.Pointer(w))
	size := WAL_FRAME_HDRSIZE + int(writer.FszPage)
	if b.buf != nil && (b.offset+Ti64(len(*b.buf)) != iOffset || len(*b.buf)+size > walBatchLimit) {
		if rc := b.write(tls, w); rc != SQLITE_OK {
			return rc
		}
	}
	if b.buf == nil {
		b.buf = walBatchBuffers.Get().(*[]byte)
		*b.buf = (*b.buf)[:0]
		b.offset = iOffset
	}

	page := (*TPgHdr)(unsafe.Pointer(pPage))
	at := len(*b.buf)
	*b.buf = append(*b.buf, make([]byte, WAL_FRAME_HDRSIZE)...)
	*b.buf = append(*b.buf, unsafe.Slice((*byte)(unsafe.Pointer(page.FpData)), writer.FszPage)...)
	_walEncodeFrame(tls, writer.FpWal, page.Fpgno, uint32(nTruncate), page.FpData, uintptr(unsafe.Pointer(&(*b.buf)[at])))

	return SQLITE_OK
}

// write sends the held frames to the log in one write (through walWriteToLog, as SQLite's
// own frames go) and empties the batch.
func (b *walBatch) write(tls *libc.TLS, w uintptr) int32 {
	if b.buf == nil || len(*b.buf) == 0 {
		return SQLITE_OK
	}

	buf := *b.buf
	rc := _walWriteToLog(tls, w, uintptr(unsafe.Pointer(&buf[0])), int32(len(buf)), b.offset)
	b.offset += Ti64(len(buf))
	*b.buf = buf[:0]

	return rc
}

// release returns the batch's buffer; what it still held is dropped (its call failed).
func (b *walBatch) release() {
	if b.buf != nil {
		walBatchBuffers.Put(b.buf)
		b.buf = nil
	}
}

// The change we make to modernc.org/libc, the C library (musl transpiled to Go) under the
// SQLite driver FerretDB builds with.
//
// 8. memcmp compares with Go's vectorised bytes.Compare instead of musl's byte loop
// (infra/ferretdb/go/libc/memcmp.go says why). The module is linked file by file beside
// FerretDB's source; the two generated files that define memcmp for the 64-bit Linux builds
// are copied with their memcmp renamed out of the way, and FerretDB's go.mod replaces the
// module with the copy.
import { fileURLToPath } from 'node:url';
import { changeText } from './text-change.mjs';
import { vendorModule } from './vendor-module.mjs';

export const LIBC = 'modernc.org/libc';

/** Our Go file that joins the libc package. */
export const LIBC_FILE = fileURLToPath(new URL('../go/libc/memcmp.go', import.meta.url));

/** The generated files holding musl's memcmp for the platforms memcmp.go builds on. */
const GENERATED = ['ccgo_linux_amd64.go', 'ccgo_linux_arm64.go'];
const MUSL_MEMCMP = 'func Xmemcmp(tls *TLS, vl uintptr, vr uintptr, n Tsize_t) (r1 int32) {';
const RENAMED = 'func xmemcmpMusl(tls *TLS, vl uintptr, vr uintptr, n Tsize_t) (r1 int32) {';

/** A generated file with musl's memcmp renamed; throws if it is not the text we expect. */
export const renameMuslMemcmp = (text, file) =>
  changeText(text, [{ from: MUSL_MEMCMP, to: RENAMED }], { upstream: LIBC, file });

/**
 * Links the libc version FerretDB's build selects into `<ferretSrc>/third_party/libc`, with
 * the memcmp change, and points FerretDB's go.mod at it. Runs after the driver's copy
 * (sqlite-driver-patch.mjs), whose requirements select the version.
 */
export function vendorFastLibc(ferretSrc, env) {
  vendorModule(ferretSrc, env, {
    module: LIBC,
    dir: 'libc',
    place: (name) => (GENERATED.includes(name) ? (text) => renameMuslMemcmp(text, name) : 'link'),
    goFile: LIBC_FILE,
  });
}

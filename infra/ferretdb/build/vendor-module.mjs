// What the changed Go modules under FerretDB (sqlite-driver-patch.mjs, libc-patch.mjs) share:
// the module is downloaded into Go's module cache, put together file by file in
// `<ferretSrc>/third_party/<dir>` (each entry linked, copied, changed or left out), joined by
// our own Go file, and FerretDB's go.mod replaces the module with it.
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Vendors `module` (at `version`, or without one the version FerretDB's build selects) into
 * `<ferretSrc>/third_party/<dir>`. `place(name)` says what becomes of each entry of the
 * module's folder: 'link' (a symbolic link to the module cache's), 'copy', a function (the
 * file's text changed by it), `{ place, goFile }` (a folder put together the same way), or
 * nothing (left out). `goFile` is copied in as `momentum_<its name>`. `env` is the
 * environment of `go mod download`.
 */
export function vendorModule(ferretSrc, env, { module, version, dir, place, goFile }) {
  const info = JSON.parse(
    execFileSync('go', ['mod', 'download', '-json', version ? `${module}@${version}` : module], {
      cwd: ferretSrc,
      encoding: 'utf8',
      env,
    }),
  );
  placeFolder(info.Dir, path.join(ferretSrc, 'third_party', dir), { place, goFile });
  appendFileSync(path.join(ferretSrc, 'go.mod'), `\nreplace ${module} => ./third_party/${dir}\n`);
}

/** Puts `to` together from the module's folder `from`, entry by entry (see vendorModule). */
function placeFolder(from, to, { place, goFile }) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const how = place(name);
    const [fromFile, toFile] = [path.join(from, name), path.join(to, name)];
    if (how === 'link') symlinkSync(fromFile, toFile);
    else if (how === 'copy') copyFileSync(fromFile, toFile);
    else if (typeof how === 'function') writeFileSync(toFile, how(readFileSync(fromFile, 'utf8')));
    else if (how) placeFolder(fromFile, toFile, how);
  }
  copyFileSync(goFile, path.join(to, `momentum_${path.basename(goFile)}`));
}

// How the build changes upstream source (FerretDB, the SQLite driver, libc): each change
// names text that must occur exactly as often as expected, so a new upstream version fails
// the build loudly instead of building something nobody reviewed.

/**
 * `text` with each `{ from, to, count = 1 }` made (every occurrence of `from` becomes `to`,
 * literally); throws `<upstream> changed: expected one "<from>" (found <n>) in <file>` when
 * `from` does not occur exactly `count` times (`found` said when it occurs at all).
 */
export function changeText(text, changes, { upstream, file }) {
  for (const { from, to, count = 1 } of changes) {
    const parts = text.split(from);
    const found = parts.length - 1;
    if (found !== count) {
      const expected = `${count === 1 ? 'one' : count} "${from}"${found ? ` (found ${found})` : ''}`;
      throw new Error(`${upstream} changed: expected ${expected} in ${file}`);
    }
    text = parts.join(to);
  }
  return text;
}

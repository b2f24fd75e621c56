import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs a newcomer reads stand alone: every relative link in them reaches a file of the
 * repository (and, with `#anchor`, a heading of that file), and the README stays short.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const README_MAX_LINES = 250;

const docs = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(path.join(ROOT, 'services')).map((s) => `services/${s}/README.md`),
].filter((f) => existsSync(path.join(ROOT, f)));

/** Markdown without its fenced code blocks, where a `#` line is not a heading. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** Markdown without code, where `[x](y)` is not a link. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** Link targets: inline `[text](target "title")` and reference definitions `[id]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const defined = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)];
  return [...inline, ...defined].map((m) => m[1] ?? '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a markdown file offers; a repeated heading gets `-1`, `-2`, … as on GitHub. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with one link of `from`, or null when it resolves. */
function problem(from: string, target: string): string | null {
  if (external(target)) return null;
  const [rawPath = '', anchor] = target.split('#', 2);
  const file =
    rawPath === '' ? from : path.posix.join(path.posix.dirname(from), decodeURI(rawPath));
  const full = path.join(ROOT, file);
  if (!existsSync(full)) return `${from}: ${target} — no file ${file}`;
  if (
    anchor === undefined ||
    anchor === '' ||
    !file.endsWith('.md') ||
    statSync(full).isDirectory()
  )
    return null;
  return anchors(readFileSync(full, 'utf8')).has(anchor)
    ? null
    : `${from}: ${target} — no heading #${anchor} in ${file}`;
}

describe('the docs', () => {
  it(`README.md has at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(docs)('%s: every relative link resolves', (file) => {
    const targets = linkTargets(readFileSync(path.join(ROOT, file), 'utf8'));
    expect(targets.map((t) => problem(file, t)).filter((p) => p !== null)).toEqual([]);
  });
});

describe('the link reader', () => {
  it('finds inline links and reference definitions, not links inside code', () => {
    const md = [
      'See [the API](docs/API.md#limits "Limits") and [home](https://example.com).',
      '[ref]: ./CHANGELOG.md',
      'Not this: `[x](missing.md)`.',
      '```',
      '[y](also-missing.md)',
      '```',
    ].join('\n');
    expect(linkTargets(md)).toEqual([
      'docs/API.md#limits',
      'https://example.com',
      './CHANGELOG.md',
    ]);
  });

  it("makes GitHub's anchors, numbering repeated headings", () => {
    const md = '# Title\n## The `/api/tasks` family\n## Browsers (CORS)\n## Notes\n## Notes\n';
    expect([...anchors(md)]).toEqual([
      'title',
      'the-apitasks-family',
      'browsers-cors',
      'notes',
      'notes-1',
    ]);
  });

  it('reports a missing file and a missing heading', () => {
    expect(problem('README.md', 'docs/NOPE.md')).toMatch(/no file docs\/NOPE\.md/);
    expect(problem('README.md', 'docs/API.md#no-such-heading')).toMatch(/no heading/);
    expect(problem('docs/API.md', '../README.md#two-commands')).toBeNull();
    expect(problem('docs/API.md', '#limits')).toBeNull();
  });
});

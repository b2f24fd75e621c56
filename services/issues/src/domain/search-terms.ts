/**
 * Search keys kept on each issue (a multikey index serves every search): `w:<word>` for
 * each whole word of title and description, and `p:<prefix>` for each prefix of a word from
 * PREFIX_MIN to PREFIX_MAX characters, so the last word of a query matches as a prefix by
 * equality — no regex, no `$text`. Words are lower-cased and stripped of accents.
 *
 * Every key is an entry in each search index, so prefixes start at PREFIX_MIN: one or two
 * letters match most issues (no answer worth ranking) and were a third of the keys. A last
 * word shorter than that matches whole words only. Issues keyed before PREFIX_MIN hold a
 * superset of these keys, so every query finds them as before (search-rekeying.ts trims
 * them).
 */
export const PREFIX_MIN = 3;
export const PREFIX_MAX = 15;
const WORD_MAX = 40;
const QUERY_WORDS_MAX = 10;

/** Lower-case, accents removed (é → e, Ü → u), split on anything not a letter or digit. */
export function normalizeWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, WORD_MAX));
}

export const wordKey = (word: string) => `w:${word}`;
export const prefixKey = (prefix: string) => `p:${prefix.slice(0, PREFIX_MAX)}`;

/** Every key of an issue's text, de-duplicated. */
export function searchKeysOf(title: string, description: string): string[] {
  const keys = new Set<string>();
  for (const word of normalizeWords(`${title} ${description}`)) {
    keys.add(wordKey(word));
    for (let n = PREFIX_MIN; n <= Math.min(word.length, PREFIX_MAX); n++)
      keys.add(prefixKey(word.slice(0, n)));
  }
  return [...keys];
}

/**
 * A query as keys: whole words for all but the last word, a prefix for the last one (a
 * whole word when shorter than PREFIX_MIN). Repeated words count once; at most
 * QUERY_WORDS_MAX words are used. Regex characters are just separators here, so they can
 * never act as patterns.
 */
export function queryKeys(q: string): string[] {
  const words = normalizeWords(q);
  if (!words.length) return [];
  const last = words[words.length - 1]!;
  const keys = new Set(words.slice(0, -1).map(wordKey));
  keys.add(last.length < PREFIX_MIN ? wordKey(last) : prefixKey(last));
  return [...keys].slice(-QUERY_WORDS_MAX);
}

/**
 * The rank of an issue for a query: how many of the query's keys it holds. Matches with
 * more query words rank first; equal ranks fall back to the newest issue first.
 */
export function rankOf(issueKeys: readonly string[], keys: readonly string[]): number {
  const held = new Set(issueKeys);
  return keys.filter((k) => held.has(k)).length;
}

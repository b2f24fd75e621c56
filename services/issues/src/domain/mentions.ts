import type { Mention } from '@momentum/contracts';

/**
 * `@name` mentions in a comment, resolved against the people of the team (members
 * and agents). A person is mentioned when the body holds `@` + their name, compared
 * case- and accent-insensitively, and the name may be written with its spaces as-is or
 * replaced by `.`, `_`, `-` or nothing (`@Ada Lovelace`, `@ada.lovelace`, `@AdaLovelace`).
 * The character after the name must not continue a word, so `@Ada` does not match `@Adam`.
 * The longest name wins where names overlap (`@Ada Lovelace` is not also `@Ada`).
 */
export function resolveMentions(body: string, people: readonly Mention[]): Mention[] {
  const text = fold(body);
  const claimed: Array<[number, number]> = [];
  const found = new Map<string, Mention>();
  const candidates = people
    .flatMap((person) => spellings(person.name).map((spelling) => ({ person, spelling })))
    .sort((a, b) => b.spelling.length - a.spelling.length);
  for (const { person, spelling } of candidates) {
    if (!spelling) continue;
    const needle = `@${spelling}`;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (continuesWord(text[end]) || claimed.some(([s, e]) => at < e && end > s)) continue;
      claimed.push([at, end]);
      if (!found.has(person.id)) found.set(person.id, person);
    }
  }
  return [...found.values()];
}

/** Lower-case and without accents, keeping length per character where it can. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function spellings(name: string): string[] {
  const base = fold(name).trim().replace(/\s+/g, ' ');
  if (!base) return [];
  const forms = new Set([base]);
  if (base.includes(' '))
    for (const joiner of ['.', '_', '-', '']) forms.add(base.split(' ').join(joiner));
  return [...forms];
}

function continuesWord(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}_-]/u.test(ch);
}

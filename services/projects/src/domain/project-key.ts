/**
 * A project's short key for issue identifiers (`ENG-1`): the initials of a multi-word
 * name ("Mobile App Launch" → MAL), the first three letters of a one-word name
 * ("Engineering" → ENG), ASCII letters and digits only, 2–5 characters when derived.
 */
const DERIVED_MAX = 5;
const KEY_MAX = 10;
const FALLBACK = 'PRJ';

export function deriveProjectKey(name: string): string {
  const words = asciiWords(name.toUpperCase());
  let key = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? '').slice(0, 3);
  // A key starts with a letter so `ENG-1` never reads like a number.
  key = key.replace(/^[0-9]+/, '').slice(0, DERIVED_MAX);
  if (key.length === 0) return FALLBACK;
  return key.padEnd(2, 'X');
}

/** The n-th choice when a key is taken in the team: ENG, ENG2, ENG3… (never longer than 10). */
export function keyCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = String(attempt + 1);
  return `${base.slice(0, KEY_MAX - suffix.length)}${suffix}`;
}

/** Accents dropped (É → E), everything but ASCII letters and digits splits words. */
export function asciiWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/**
 * A team's short key: what the caller chose, or the initials of the name (ENG for
 * "Engineering", PA for "Platform API"), 2–10 uppercase letters and digits.
 */
export const TEAM_KEY_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;

export function deriveTeamKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase()
    .split(/\s+/)
    .filter(Boolean);
  let key = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? '').slice(0, 3);
  key = key.replace(/^[0-9]+/, '').slice(0, 10);
  if (key.length < 2) key = `${key}TEAM`.slice(0, 4).padEnd(2, 'X');
  return key;
}

/** The n-th alternative when a key is taken: ENG, ENG2, ENG3… */
export function alternativeKey(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = String(attempt + 1);
  return `${base.slice(0, 10 - suffix.length)}${suffix}`;
}

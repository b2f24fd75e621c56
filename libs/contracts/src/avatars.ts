/**
 * Avatars are drawn by the gateway (`GET /api/avatars/:kind/:file`), never fetched from a
 * host we don't run. The address carries everything the picture shows: the id (its colour)
 * and the initials, which the API hands out only with the name they come from. So the
 * picture needs no key and no lookup, says nothing its URL does not, and a renamed person
 * gets a new URL (the old picture may be cached for ever).
 */
export const AVATAR_KINDS = ['user', 'agent'] as const;
export type AvatarKind = (typeof AVATAR_KINDS)[number];

/** One or two letters or digits, any script; anything else is refused by the route. */
export const AVATAR_INITIALS = /^[\p{L}\p{N}]{1,2}$/u;

/** Up to two initials: the first and last words' first letters or digits, upper-cased. */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .map((w) => [...w].find((ch) => /[\p{L}\p{N}]/u.test(ch)))
    .filter((ch): ch is string => ch !== undefined);
  if (!words.length) return '';
  const picked = words.length === 1 ? [words[0]!] : [words[0]!, words.at(-1)!];
  const initials = picked.map((ch) => ch.toLocaleUpperCase('en-US')).join('');
  // An upper-cased letter may grow (ß → SS): keep what the route accepts.
  return AVATAR_INITIALS.test(initials) ? initials : [...initials].slice(0, 1).join('');
}

/** The avatar's address, relative to the API's own origin (`/api/avatars/user/<id>.svg?initials=AL`). */
export function avatarUrl(kind: AvatarKind, id: string, name: string): string {
  const initials = initialsOf(name);
  const query = initials ? `?initials=${encodeURIComponent(initials)}` : '';
  return `/api/avatars/${kind}/${encodeURIComponent(id)}.svg${query}`;
}

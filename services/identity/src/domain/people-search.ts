/**
 * How people are found by a prefix (`?q=`), folded (NFKC, lower case) on both sides. The
 * admin list reads a range on the stored `nameKey` or `emailKey`; a team's directory also
 * matches any word of a name, in memory. No regular expression is built from input, so
 * there is nothing to escape and nothing slow.
 */
const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase('en-US');

/** The keys a user is found by. */
export function searchKeysOf(name: string, email?: string | null): string[] {
  const full = fold(name.trim());
  const words = full.split(/\s+/).filter(Boolean);
  const keys = new Set([full, ...words]);
  if (email) keys.add(fold(email.trim()));
  return [...keys].filter(Boolean);
}

/** The folded query, as stored keys are folded. */
export const foldQuery = (q: string) => fold(q.trim());

/** The range of keys that start with `prefix` (folded). */
export const prefixRange = (prefix: string) => ({ $gte: prefix, $lt: `${prefix}\uffff` });

/** Whether a name (any word of it) or email starts with the folded query: in-memory twin. */
export const matchesQuery = (folded: string, name: string, email?: string | null) =>
  searchKeysOf(name, email).some((key) => key.startsWith(folded));

/** `ENG` + 7 → `ENG-7`: the human key of an issue (docs/interface.md §2.3). */
export function formatIdentifier(projectKey: string, number: number): string {
  if (!Number.isInteger(number) || number < 1)
    throw new RangeError(`issue number must be a positive integer, got ${number}`);
  return `${projectKey}-${number}`;
}

/** `eng-7` (or `eng-007`) → `{ key: 'ENG', number: 7 }`; null when the text is not an identifier. */
export function parseIdentifier(text: string): { key: string; number: number } | null {
  const m = /^([A-Za-z][A-Za-z0-9]*)-0*(\d{1,9})$/.exec(text.trim());
  if (!m) return null;
  const number = Number(m[2]);
  return number >= 1 ? { key: m[1]!.toUpperCase(), number } : null;
}

/** `eng-012` → `ENG-12`, the identifier as stored; null when the text is not one. */
export function canonicalIdentifier(text: string): string | null {
  const parsed = parseIdentifier(text);
  return parsed ? formatIdentifier(parsed.key, parsed.number) : null;
}

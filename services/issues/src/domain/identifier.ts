/** `ENG` + 7 → `ENG-7`: the human key of an issue (spec §2.3). */
export function formatIdentifier(projectKey: string, number: number): string {
  if (!Number.isInteger(number) || number < 1)
    throw new RangeError(`issue number must be a positive integer, got ${number}`);
  return `${projectKey}-${number}`;
}

/** `eng-7` → `{ key: 'ENG', number: 7 }`; null when the text is not an identifier. */
export function parseIdentifier(text: string): { key: string; number: number } | null {
  const m = /^([A-Za-z][A-Za-z0-9]*)-(\d{1,9})$/.exec(text.trim());
  if (!m) return null;
  const number = Number(m[2]);
  return number >= 1 ? { key: m[1]!.toUpperCase(), number } : null;
}

/**
 * Where to try claiming the next number. The counter is a hint: on an engine whose `$inc`
 * is atomic (MongoDB) it is exact; where concurrent increments can be lost (FerretDB 1.24)
 * it lags, and the claimer walks up from it to the first free number. Either way the
 * hint never exceeds the next free number, so claimed numbers stay consecutive.
 */
export function firstCandidate(counterHint: number): number {
  return Math.max(1, Math.floor(counterHint));
}

/**
 * An IANA zone's canonical name (`europe/berlin` → `Europe/Berlin`), or null when the runtime
 * knows no such zone. The shape is checked first: `Intl` also takes offsets and odd spellings.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

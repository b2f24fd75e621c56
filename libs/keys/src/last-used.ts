/** lastUsedAt of a key is a coarse signal: written at most once a minute per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export function needsLastUsedTouch(lastUsedAt: Date | null | undefined, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
}

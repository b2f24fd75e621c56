/** lastUsedAt is a coarse signal: written at most once a minute per agent. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export function needsLastUsedTouch(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
}

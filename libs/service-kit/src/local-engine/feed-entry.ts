/**
 * An entry as a block stores it, and the counts its state adds to. An entry is pending
 * (added before its document is stored), live, dead (archived, deleted) or void (its
 * document was never stored); live and dead entries are the stored ones.
 */
export type FeedState = 'pending' | 'live' | 'dead' | 'void';

export interface FeedCounts {
  /** Live entries. */
  live: number;
  /** Live and dead entries: everything stored. */
  stored: number;
}

/** [id, state, snapshot (JSON-safe), words, added at (ms)] — short, because a block holds many. */
export type StoredEntry = [string, 0 | 1 | 2 | 3, unknown, string[], number];

export const STATES: readonly FeedState[] = ['pending', 'live', 'dead', 'void'];

export const stateCode = (state: FeedState) => STATES.indexOf(state) as StoredEntry[1];

/** What one entry in `state` adds to the counts. */
export const countOf = (state: FeedState): FeedCounts => ({
  live: Number(state === 'live'),
  stored: Number(state === 'live' || state === 'dead'),
});

/** The counts of `entries`. */
export function countsOf(entries: readonly (StoredEntry | null | undefined)[]): FeedCounts {
  const total = { live: 0, stored: 0 };
  for (const entry of entries) {
    if (!entry) continue;
    const { live, stored } = countOf(STATES[entry[1]]!);
    total.live += live;
    total.stored += stored;
  }
  return total;
}

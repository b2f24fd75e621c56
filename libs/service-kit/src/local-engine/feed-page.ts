import type { FeedEntry } from './feed.js';

/** One page of a feed: the entries it `wants`, after skipping as many; reads no further. */
export async function pageOf<S>(
  entries: AsyncIterable<FeedEntry<S>>,
  page: { skip: number; limit: number; wants: (entry: FeedEntry<S>) => boolean },
): Promise<S[]> {
  const out: S[] = [];
  let toSkip = page.skip;
  if (page.limit <= 0) return out;
  for await (const entry of entries) {
    if (!page.wants(entry)) continue;
    if (toSkip-- > 0) continue;
    out.push(entry.snapshot);
    if (out.length >= page.limit) break;
  }
  return out;
}

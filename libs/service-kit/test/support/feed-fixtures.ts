import type { Connection } from 'mongoose';
import { vi } from 'vitest';
import type { FeedEntry, FeedOptions } from '../../src/local-engine/feed.js';
import { LOCAL_FEEDS_COLLECTION } from '../../src/local-engine/feed-row-ids.js';

/** What the feed tests keep as snapshots. */
export interface Snap {
  title: string;
  at: Date;
  rev?: number;
}

/** The "documents" behind the entries: what `load` finds. */
export const stored = new Map<string, Snap>();

export const options: FeedOptions<Snap> = {
  toJson: (s) => s,
  load: async (id) => stored.get(id) ?? null,
  stateOf: (s) => (s.title.startsWith('gone') ? 'dead' : 'live'),
  fromJson: (v) => {
    const o = v as { title: string; at: string; rev?: number };
    return { title: o.title, at: new Date(o.at), ...(o.rev === undefined ? {} : { rev: o.rev }) };
  },
  blockSize: 3,
  ringBlocks: 2,
};

export const snap = (title: string, ms = 0, rev?: number): Snap => ({
  title,
  at: new Date(Date.UTC(2024, 0, 1) + ms),
  ...(rev === undefined ? {} : { rev }),
});

export const items = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i}`,
    snapshot: snap(`${prefix}${i}`, i),
  }));

export async function all<S>(entries: AsyncIterable<FeedEntry<S>>): Promise<FeedEntry<S>[]> {
  const out: FeedEntry<S>[] = [];
  for await (const e of entries) out.push(e);
  return out;
}

export const ids = async <S>(entries: AsyncIterable<FeedEntry<S>>) =>
  (await all(entries)).map((e) => e.id);

/** The rows of one scope of feed `name`, by the part of their id after the scope. */
export async function rowsOf(connection: Connection, name: string, scope: string) {
  const prefix = `${name}|${scope}|`;
  const rows = await connection.collection(LOCAL_FEEDS_COLLECTION).find({}).toArray();
  return new Map(
    rows
      .filter((r) => String(r._id).startsWith(prefix))
      .map((r) => [String(r._id).slice(prefix.length), r as Record<string, unknown>]),
  );
}

/** Counts the calls of `method` on the connection's collections until stopped. */
export function countCalls(connection: Connection, method: 'findOne' | 'findOneAndUpdate') {
  const proto = Object.getPrototypeOf(connection.collection('_probe')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  const spy = vi.spyOn(proto, method);
  return {
    stop: () => {
      const count = spy.mock.calls.length;
      spy.mockRestore();
      return count;
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

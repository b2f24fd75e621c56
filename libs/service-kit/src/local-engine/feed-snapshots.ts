import type { Connection } from 'mongoose';
import type { FeedOptions } from './feed.js';

/**
 * Feed options for snapshots of one collection's documents: `strip` drops what a stored
 * document carries beyond its snapshot (pending events, search keys), `dates` names the
 * fields JSON turns into strings, to be dates again when read.
 */
export function collectionSnapshots<S extends { _id: string }>(
  connection: Connection,
  collection: string,
  shape: {
    strip: (doc: S) => S;
    dates: readonly (keyof S & string)[];
    stateOf: (snapshot: S) => 'live' | 'dead';
    revisionOf: (snapshot: S) => number;
  },
): FeedOptions<S> {
  return {
    toJson: shape.strip,
    fromJson: (value) => {
      const snapshot = { ...(value as Record<string, unknown>) };
      for (const field of shape.dates)
        if (typeof snapshot[field] === 'string') snapshot[field] = new Date(snapshot[field]);
      return snapshot as S;
    },
    load: async (id) => {
      const doc = await connection.collection<S>(collection).findOne({ _id: id } as never);
      return doc && shape.strip(doc as S);
    },
    stateOf: shape.stateOf,
    revisionOf: shape.revisionOf,
  };
}

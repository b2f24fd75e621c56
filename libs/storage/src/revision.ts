import type { Model, UpdateQuery, mongo } from 'mongoose';
import { AppError, backoffDelay, type Backoff } from '@momentum/contracts';

/**
 * Read, decide, write — as one atomic write. `decide` sees the document as stored and
 * returns the update it wants; the update applies only while the document's `rev` is the
 * one read (and `rev` rises with it), so a writer that raced us makes us read and decide
 * again instead of overwriting what it wrote. This is MongoDB's optimistic concurrency on
 * one document: correct across any number of processes, with no lock held anywhere.
 */
export interface RevisedDoc {
  _id: string;
  rev: number;
}

export type Decision<R> =
  /** Write this update (`rev` is incremented for you) and answer `result`. */
  | { update: UpdateQuery<unknown>; result: R }
  /** Nothing to write: answer `result` as it is. */
  | { result: R; update?: undefined };

export interface RevisedWrite<D, R> {
  /** The document as written (or as read, when nothing was written). */
  doc: D;
  result: R;
}

/** Races lost in a row before the caller is told to come back (503 with Retry-After). */
const MAX_ATTEMPTS = 50;

export async function updateWithRevision<D extends RevisedDoc, R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's model
  model: Model<any>,
  id: string,
  decide: (doc: D) => Decision<R> | Promise<Decision<R>>,
): Promise<RevisedWrite<D, R> | null> {
  // The read through the driver: a plain document by its string `_id` is all `decide`
  // needs, and mongoose's query machinery doubled the client's CPU per read.
  const stored = model.collection as unknown as mongo.Collection<{ _id: string }>;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const doc = (await stored.findOne({ _id: id })) as D | null;
    if (!doc) return null;
    const decision = await decide(doc);
    if (!decision.update) return { doc, result: decision.result };
    const update = withRevision(decision.update);
    const written = await model
      .findOneAndUpdate({ _id: id, rev: doc.rev ?? 0 }, update, { new: true })
      .lean<D>()
      .exec();
    if (written) return { doc: written, result: decision.result };
    await backoff(attempt);
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'The resource is busy; try again', undefined, {
    'Retry-After': '1',
  });
}

/** The update with `rev` incremented, whatever else it increments. */
function withRevision(update: UpdateQuery<unknown>): UpdateQuery<unknown> {
  const inc = { ...((update.$inc as Record<string, number> | undefined) ?? {}), rev: 1 };
  return { ...update, $inc: inc };
}

/** Racing writers: 1 ms doubling to 50 ms, fully jittered, so they stop meeting each other. */
const WRITE_RETRY: Backoff = { baseMs: 1, maxMs: 50, jitter: 'full' };

/** A short, growing, jittered pause after the `attempt`-th conflict (0 = the first). */
export function backoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt + 1, WRITE_RETRY)));
}

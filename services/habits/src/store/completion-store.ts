import { randomUUID } from 'node:crypto';
import { isDuplicateKey } from '@momentum/storage';
import type { CompletionDoc, HabitsModels } from './models.js';

/** The `_id` that makes a completion unique: a daily once per day, a to-do once ever. */
export const claimKey = (taskId: string, type: 'daily' | 'todo', day: string) =>
  type === 'daily' ? `${taskId}:${day}` : `${taskId}:once`;

/**
 * How long a claim may wait for its task write. The write takes milliseconds (at most a
 * few seconds when it loses many races); a claim older than this whose task does not show
 * the completion was left by a process that died in between.
 */
export const CLAIM_ORPHANED_AFTER_MS = 30_000;

export type Claim = Required<Pick<CompletionDoc, '_id' | 'holder'>>;

/**
 * Completions of dailies and to-dos, one document each, whose `_id` is the claim key: the
 * unique `_id` lets one completion of a day (of a to-do) in, whichever process it runs in.
 * A completion claims first and writes its task second (complete.ts), so a claim is only
 * ever met without its completion on the task while that write is under way, after it
 * failed (the completion releases the claim), or after its process died: such a claim
 * expires and one later completion takes it over.
 */
export class CompletionStore {
  constructor(private readonly m: HabitsModels) {}

  /** The driver's collection: a claim is one plain insert, nothing for mongoose to add. */
  private get claims() {
    return this.m.Completion.db.collection<CompletionDoc>(this.m.Completion.collection.name);
  }

  /** The claim, or null when the key is held (the daily is done today, the to-do is done). */
  async claim(doc: Omit<CompletionDoc, 'holder' | 'expiresAt'>): Promise<Claim | null> {
    const holder = randomUUID();
    const expiresAt = new Date(Date.now() + CLAIM_ORPHANED_AFTER_MS);
    try {
      await this.claims.insertOne({ ...doc, holder, expiresAt });
      return { _id: doc._id, holder };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    // Taken: over by one conditional update if its holder died (expired); only one of
    // several takers matches `expiresAt` as it was.
    const { _id, ...fields } = doc;
    const taken = await this.claims.updateOne(
      { _id, expiresAt: { $lt: new Date() } },
      { $set: { ...fields, holder, expiresAt } },
    );
    return taken.modifiedCount === 1 ? { _id, holder } : null;
  }

  /** Frees a claim whose completion was not written; never one another holder took over. */
  async release(claim: Claim): Promise<void> {
    await this.claims.deleteOne({ _id: claim._id, holder: claim.holder });
  }
}

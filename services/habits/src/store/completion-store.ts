import { isDuplicateKey } from '@momentum/service-kit';
import type { HabitsModels } from './models.js';

/** The `_id` that makes a completion unique: a daily once per day, a to-do once ever. */
export const claimKey = (taskId: string, type: 'daily' | 'todo', day: string) =>
  type === 'daily' ? `${taskId}:${day}` : `${taskId}:once`;

/**
 * Completions of dailies and to-dos, one document each, whose `_id` is the claim key.
 * The engine's unique `_id` is what refuses a second completion, even from another
 * process; the in-process queue (TaskStore.serialized) only keeps one process orderly.
 */
export class CompletionStore {
  constructor(private readonly m: HabitsModels) {}

  /** False when the key is taken (the daily is done today, the to-do is done). */
  async claim(doc: {
    _id: string;
    taskId: string;
    completedBy: string;
    day: string;
    at: Date;
  }): Promise<boolean> {
    try {
      await this.m.Completion.create(doc);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }
}

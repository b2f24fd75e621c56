import { AppError } from '@momentum/contracts';
import { isDuplicateKey } from '@momentum/storage';
import type { IssuesModels } from './models.js';

/**
 * Issue numbers, one counter document per project: `$inc` in one findOneAndUpdate is
 * atomic, so each caller gets the number it returns and no other caller gets it, in any
 * number of processes; the numbers handed out are 1, 2, 3… with none skipped.
 */
export class IssueNumbers {
  constructor(private readonly m: IssuesModels) {}

  /** The project's next number, now the caller's. */
  async next(projectId: string): Promise<number> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const counter = await this.m.Counter.findOneAndUpdate(
          { _id: projectId },
          { $inc: { seq: 1 } },
          { upsert: true, new: true },
        ).lean();
        if (counter) return counter.seq;
      } catch (err) {
        // Two first upserts of one counter: the loser's insert hits the `_id`; again finds it.
        if (!isDuplicateKey(err)) throw err;
      }
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'Could not allocate an issue number; try again');
  }
}

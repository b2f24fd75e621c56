import { AppError } from '@momentum/contracts';

/**
 * A feed's writes could not be made now; nothing of them is in the feed (a batch commits
 * with its head write). Both are 503 with Retry-After: the caller may retry at once.
 */
const RETRY = { 'Retry-After': '1' };

/** The scope's lease stayed taken for as long as a writer may wait for it (feed-lease.ts). */
export class FeedBusy extends AppError {
  constructor(feed: string) {
    super('SERVICE_UNAVAILABLE', `The ${feed} list is busy; try again`, undefined, RETRY);
    this.name = 'FeedBusy';
  }
}

/**
 * A batch held the scope's lease past its time (or ran into rows a later batch wrote), so
 * another writer may have taken the lease over: the batch stopped and its head write —
 * what makes its changes count — was not made.
 */
export class FeedLeaseLost extends AppError {
  constructor(feed: string, why: string) {
    super(
      'SERVICE_UNAVAILABLE',
      `The ${feed} list changed meanwhile (${why}); try again`,
      undefined,
      RETRY,
    );
    this.name = 'FeedLeaseLost';
  }
}

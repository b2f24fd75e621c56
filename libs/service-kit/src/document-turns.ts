import { AsyncLocalStorage } from 'node:async_hooks';
import type { KeyedSerializer } from './keyed-serializer.js';

/**
 * The turns of one collection's documents (KeyedSerializer), with a follow-up for what a
 * turn wrote — refreshing the feeds that show the document — run once the turn is over.
 * A turn holds back every other writer of its document, so it should hold only the
 * read-check-write that needs it: the follow-up has turns of its own (the feed's) and,
 * given the document's revision, tolerates arriving after a later one's. The caller still
 * waits for it, so a request that wrote sees its write in the lists it reads next.
 */
export class DocumentTurns<D> {
  private readonly current = new AsyncLocalStorage<{ written: D | null }>();

  constructor(
    private readonly serializer: KeyedSerializer,
    private readonly model: { modelName: string },
    private readonly followUp: (doc: D) => Promise<void>,
  ) {}

  /** Runs `work` as the only writer of document `id`, then follows up what it wrote. */
  async run<T>(id: string, work: () => Promise<T>): Promise<T> {
    const turn = { written: null as D | null };
    let result: T;
    try {
      result = await this.serializer.runFor(this.model, id, () => this.current.run(turn, work));
    } catch (err) {
      // Failed after writing: the stored document is still what the feeds should show.
      if (turn.written) await this.followUp(turn.written).catch(() => undefined);
      throw err;
    }
    if (turn.written) await this.followUp(turn.written);
    return result;
  }

  /**
   * Called by a write with the document as stored: followed up after the turn it was
   * written in (the last write of the turn counts), or now outside any turn.
   */
  async wrote(doc: D): Promise<void> {
    const turn = this.current.getStore();
    if (turn) turn.written = doc;
    else await this.followUp(doc);
  }
}

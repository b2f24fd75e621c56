/**
 * Runs async work one at a time per key, in arrival order. FerretDB 1.x applies an update
 * by reading and rewriting the whole document without isolation, so two concurrent writers
 * of one document (a `$inc` and the outbox relay's `$pullAll`, say) can undo each other;
 * services send every writer of a document through here. With MongoDB proper it costs
 * next to nothing. It only orders writers within one process.
 */
export class KeyedSerializer {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /**
   * Runs `work` as the only writer of document `id` of `model` in this process: the key every
   * writer of that document uses, the outbox relay included.
   */
  runFor<T>(model: { modelName: string }, id: string, work: () => Promise<T>): Promise<T> {
    return this.run(documentKey(model, id), work);
  }

  /** Keys with work queued or running (for tests and diagnostics). */
  get size(): number {
    return this.tails.size;
  }
}

/** The serializer key of one document: its model's name and its id. */
export const documentKey = (model: { modelName: string }, id: string) => `${model.modelName}:${id}`;

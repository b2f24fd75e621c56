/**
 * Runs async work one at a time per key, in arrival order (it only chains promises).
 * FerretDB 1.x applies an update as read-modify-write of the whole document without
 * isolation, so two concurrent writers of one document can undo each other (the relay's
 * `$pullAll` could revert a PATCH). Every writer of a document goes through its key.
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

  /** Keys with work queued or running (tests check nothing is left behind). */
  get size(): number {
    return this.tails.size;
  }
}

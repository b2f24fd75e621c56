/**
 * Runs async work one at a time per key, in arrival order. Pure (no I/O): it only
 * chains promises. Used to serialize writers of one document — see store/models.ts.
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

  /** Keys with work queued or running (for tests and diagnostics). */
  get size(): number {
    return this.tails.size;
  }
}

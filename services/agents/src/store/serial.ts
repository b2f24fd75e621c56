/**
 * Runs work one at a time per key, in arrival order. FerretDB 1.x applies an update by
 * reading and rewriting the whole document without isolation, so two concurrent writes
 * to one agent (a deactivation and a lastUsedAt touch, say) could undo each other; in
 * this process they never overlap. MongoDB proper needs none of this, and it costs
 * nothing there.
 */
export class KeyedSerial {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  get size(): number {
    return this.tails.size;
  }
}

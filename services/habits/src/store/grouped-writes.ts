interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Writes to one document, several requests a write (group commit): while a key's write is
 * out, the requests for that key made meanwhile wait and go together as its next write, in
 * the order they came. Alone, a request goes at once; under a burst on one document (a user
 * completing many tasks at once), one engine write serves many instead of each waiting for
 * the document in turn. `write` answers one result per item, in order; a write that fails
 * fails each of its items.
 */
export class GroupedWrites<T, R> {
  /** Per key with a write out: the requests that go with the next one. */
  private readonly waiting = new Map<string, Array<Waiting<T, R>>>();

  constructor(
    private readonly write: (key: string, items: T[]) => Promise<R[]>,
    private readonly maxGroup = 32,
  ) {}

  add(key: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queued = this.waiting.get(key);
      if (queued) {
        queued.push({ item, resolve, reject });
        return;
      }
      const queue = [{ item, resolve, reject }];
      this.waiting.set(key, queue);
      void this.drain(key, queue);
    });
  }

  private async drain(key: string, queue: Array<Waiting<T, R>>): Promise<void> {
    while (queue.length) {
      const group = queue.splice(0, this.maxGroup);
      try {
        const results = await this.write(
          key,
          group.map((w) => w.item),
        );
        group.forEach((w, i) => w.resolve(results[i]!));
      } catch (err) {
        for (const w of group) w.reject(err);
      }
    }
    this.waiting.delete(key);
  }
}

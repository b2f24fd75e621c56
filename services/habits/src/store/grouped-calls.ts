interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * One engine call for several requests on one document: while a key's call is out, the
 * requests for that key made meanwhile wait and go together as its next call, in the order
 * they came (a write's group commit; a read that starts after each of its requests did, so
 * each still sees every write that ended before it asked). Alone, a request goes at once;
 * under a burst on one document (a user completing many tasks at once), one engine call
 * serves many instead of each waiting for the document in turn. `call` answers one result
 * per item, in order; a call that fails fails each of its items.
 */
export class GroupedCalls<T, R> {
  /** Per key with a call out: the requests that go with the next one. */
  private readonly waiting = new Map<string, Array<Waiting<T, R>>>();

  constructor(
    private readonly call: (key: string, items: T[]) => Promise<R[]>,
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
        const results = await this.call(
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

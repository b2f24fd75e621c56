/** What one operation of a batch came to. */
export type BatchOutcome<R> = { value: R } | { error: unknown };

interface Waiting<Op, R> {
  op: Op;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit per key, within one process: a key runs one batch at a time here, and the
 * operations submitted meanwhile (or in the same tick as the first) wait together and are
 * done by the next call of `execute`, which reads what they share once and writes it once.
 * Under a burst on one key, latency grows with the number of batches ahead (one or two),
 * not with the number of operations. This is only an optimization: `execute` must be
 * correct however many batches of a key run at once, in this process or others (the feed's
 * lease makes it so). `execute` answers each operation in order, so one that fails does not
 * fail the others.
 */
export class KeyedBatches<Op, R> {
  /** Per key with a batch running: the operations waiting for the next one. */
  private readonly waiting = new Map<string, Waiting<Op, R>[]>();

  constructor(private readonly execute: (key: string, ops: Op[]) => Promise<BatchOutcome<R>[]>) {}

  submit(key: string, op: Op): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const waiting = this.waiting.get(key);
      if (waiting) {
        waiting.push({ op, resolve, reject });
        return;
      }
      this.waiting.set(key, [{ op, resolve, reject }]);
      void this.drain(key);
    });
  }

  /** Runs the key's batches until none is waiting. */
  private async drain(key: string): Promise<void> {
    // One tick first, so the operations submitted along with the first join its batch.
    await Promise.resolve();
    for (;;) {
      const batch = this.waiting.get(key) ?? [];
      if (batch.length === 0) {
        this.waiting.delete(key);
        return;
      }
      this.waiting.set(key, []);
      await this.run(key, batch);
    }
  }

  private async run(key: string, batch: Waiting<Op, R>[]): Promise<void> {
    try {
      const outcomes = await this.execute(
        key,
        batch.map((w) => w.op),
      );
      batch.forEach((w, i) => {
        const outcome = outcomes[i];
        if (outcome && 'value' in outcome) w.resolve(outcome.value);
        else w.reject(outcome?.error ?? new Error('batch gave no outcome'));
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}

import type { KeyedSerializer } from './keyed-serializer.js';

/** What one operation of a batch came to. */
export type BatchOutcome<R> = { value: R } | { error: unknown };

interface Waiting<Op, R> {
  op: Op;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit per key: operations submitted while the key's turn (KeyedSerializer) is
 * busy wait together and are done in one next turn, by one call of `execute` — which reads
 * what they share once and writes it once. Under a burst on one key, latency grows with the
 * number of turns ahead (one or two), not with the number of operations. `execute` answers
 * each operation in order, so one that fails does not fail the others.
 */
export class KeyedBatches<Op, R> {
  private readonly forming = new Map<string, Waiting<Op, R>[]>();

  /** `name` keeps these keys apart from others' in the serializer (`<name>:<key>`). */
  constructor(
    private readonly serializer: KeyedSerializer,
    private readonly name: string,
    private readonly execute: (key: string, ops: Op[]) => Promise<BatchOutcome<R>[]>,
  ) {}

  submit(key: string, op: Op): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const forming = this.forming.get(key);
      if (forming) {
        forming.push({ op, resolve, reject });
        return;
      }
      const batch: Waiting<Op, R>[] = [{ op, resolve, reject }];
      this.forming.set(key, batch);
      void this.serializer.run(`${this.name}:${key}`, async () => {
        // From here on, new operations form the next batch, behind this one.
        this.forming.delete(key);
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
      });
    });
  }
}

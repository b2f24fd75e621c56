import { describe, expect, it } from 'vitest';
import { AckBatch } from '../../src/ack-batch.js';

const turnEnd = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Messages that record, in order, when each was acked. */
function messages(n: number, log: string[]) {
  return Array.from({ length: n }, (_, i) => ({ ack: () => log.push(`ack ${i}`) }));
}

describe('AckBatch', () => {
  it('holds the acks of a turn, even across microtasks, and sends them in order at its end', async () => {
    const log: string[] = [];
    const [a, b, c] = messages(3, log);
    const batch = new AckBatch();
    batch.ack(a!);
    await Promise.resolve();
    batch.ack(b!);
    queueMicrotask(() => batch.ack(c!));
    await Promise.resolve();
    expect(log).toEqual([]);
    await turnEnd();
    expect(log).toEqual(['ack 0', 'ack 1', 'ack 2']);
  });

  it('starts a new batch after sending one; nothing is sent twice', async () => {
    const log: string[] = [];
    const [a, b] = messages(2, log);
    const batch = new AckBatch();
    batch.ack(a!);
    await turnEnd();
    batch.ack(b!);
    await turnEnd();
    await turnEnd();
    expect(log).toEqual(['ack 0', 'ack 1']);
  });

  it('flush sends what is queued at once (before a drain), and the turn’s end then sends nothing more', async () => {
    const log: string[] = [];
    const [a, b] = messages(2, log);
    const batch = new AckBatch();
    batch.ack(a!);
    batch.ack(b!);
    batch.flush();
    expect(log).toEqual(['ack 0', 'ack 1']);
    await turnEnd();
    expect(log).toEqual(['ack 0', 'ack 1']);
  });
});

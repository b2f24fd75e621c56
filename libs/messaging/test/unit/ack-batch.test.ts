import { describe, expect, it, vi } from 'vitest';
import { AckBatch } from '../../src/ack-batch.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Messages that record, in order, when each was acked. */
function messages(n: number, log: string[]) {
  return Array.from({ length: n }, (_, i) => ({ ack: () => log.push(`ack ${i}`) }));
}

describe('AckBatch', () => {
  it('holds the acks of its window, across turns of the event loop, and sends them in order together', async () => {
    const log: string[] = [];
    const [a, b, c] = messages(3, log);
    // A window long beside the turns below, so a slow machine still sees them inside it.
    const batch = new AckBatch(300);
    batch.ack(a!);
    await nextTurn();
    batch.ack(b!);
    await nextTurn();
    queueMicrotask(() => batch.ack(c!));
    await nextTurn();
    expect(log).toEqual([]);
    await vi.waitFor(() => expect(log).toHaveLength(3), { timeout: 2000, interval: 10 });
    expect(log).toEqual(['ack 0', 'ack 1', 'ack 2']);
  });

  it('starts a new batch after sending one; nothing is sent twice', async () => {
    const log: string[] = [];
    const [a, b] = messages(2, log);
    const batch = new AckBatch(5);
    batch.ack(a!);
    await vi.waitFor(() => expect(log).toEqual(['ack 0']), { timeout: 2000, interval: 5 });
    batch.ack(b!);
    await vi.waitFor(() => expect(log).toHaveLength(2), { timeout: 2000, interval: 5 });
    await sleep(30);
    expect(log).toEqual(['ack 0', 'ack 1']);
  });

  it('flush sends what is queued at once (before a drain), and the window’s end then sends nothing more', async () => {
    const log: string[] = [];
    const [a, b] = messages(2, log);
    const batch = new AckBatch(5);
    batch.ack(a!);
    batch.ack(b!);
    batch.flush();
    expect(log).toEqual(['ack 0', 'ack 1']);
    await sleep(15);
    expect(log).toEqual(['ack 0', 'ack 1']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { WriteWindow } from '../../src/write-window.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Callers in separate turns of the event loop, each recording, when the window lets it
 * go, how many turns the callers' loop had taken by then: callers let go together (one
 * promise, one microtask checkpoint, so their NATS commands share one write) record the
 * same count.
 */
async function callersAcrossTurns(window: WriteWindow, n: number) {
  let turn = 0;
  const marks: number[] = [];
  const resumed: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    resumed.push(window.next().then(() => void marks.push(turn)));
    await nextTurn();
    turn++;
  }
  await Promise.all(resumed);
  return marks;
}

describe('WriteWindow', () => {
  it('lets the callers of one window go in one synchronous run when it closes', async () => {
    const started = Date.now();
    // Long beside five turns, so a slow machine still has them all inside it.
    const marks = await callersAcrossTurns(new WriteWindow(300), 5);
    expect(marks).toEqual([5, 5, 5, 5, 5]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('with 0 ms, closes at the end of the turn: callers of separate turns go separately', async () => {
    const marks = await callersAcrossTurns(new WriteWindow(0), 3);
    expect(new Set(marks).size).toBe(3);
  });

  it('opens a new window for a caller after the last closed', async () => {
    const window = new WriteWindow(5);
    const first = window.next();
    await first;
    const second = window.next();
    expect(second).not.toBe(first);
    await second;
  });

  it('closeNow lets the waiting callers go at once; the old timer does not close the next window', async () => {
    const window = new WriteWindow(150);
    const started = Date.now();
    let gone = false;
    const waiting = window.next().then(() => (gone = true));
    window.closeNow();
    await waiting;
    expect(gone).toBe(true);
    expect(Date.now() - started).toBeLessThan(100);
    await sleep(100);
    // The next window opens now and lasts its own 150 ms, past the first one's end.
    const opened = Date.now();
    let nextGoneAfter = -1;
    void window.next().then(() => (nextGoneAfter = Date.now() - opened));
    await vi.waitFor(() => expect(nextGoneAfter).toBeGreaterThanOrEqual(0), {
      timeout: 2000,
      interval: 10,
    });
    expect(nextGoneAfter).toBeGreaterThanOrEqual(145);
  });

  it('refuses a wait that is not a finite number of ms, 0 or more', () => {
    expect(() => new WriteWindow(-1)).toThrow(/bad wait/);
    expect(() => new WriteWindow(Number.NaN)).toThrow(/bad wait/);
  });
});

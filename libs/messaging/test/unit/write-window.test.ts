import { describe, expect, it } from 'vitest';
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
    const marks = await callersAcrossTurns(new WriteWindow(40), 5);
    expect(marks).toHaveLength(5);
    expect(new Set(marks).size).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
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
    const window = new WriteWindow(30);
    let gone = false;
    const waiting = window.next().then(() => (gone = true));
    window.closeNow();
    await waiting;
    expect(gone).toBe(true);
    let nextGone = false;
    void window.next().then(() => (nextGone = true));
    await sleep(20);
    expect(nextGone).toBe(false);
    await sleep(30);
    expect(nextGone).toBe(true);
  });

  it('refuses a wait that is not a finite number of ms, 0 or more', () => {
    expect(() => new WriteWindow(-1)).toThrow(/bad wait/);
    expect(() => new WriteWindow(Number.NaN)).toThrow(/bad wait/);
  });
});

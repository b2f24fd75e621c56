import { SIGNATURE_WINDOW_MS } from './actor-header.js';

/**
 * The nonces of signed requests one process has taken, each remembered for as long as its
 * signature could still verify: a captured request sent again to this process is refused.
 * Two generations of a Set, turned every 2 × SIGNATURE_WINDOW_MS (a signature verifies over
 * a span of twice the window, so a nonce stays at least that long, at most twice that), on
 * the requests themselves: no timer, no I/O, one or two Set lookups and an insert per request.
 * Per process: docs/SECURITY.md (Replay) says what that leaves to another process.
 */
export class NonceSet {
  private current = new Set<string>();
  private previous = new Set<string>();
  private turnedAt: number;

  constructor(
    private readonly generationMs = 2 * SIGNATURE_WINDOW_MS,
    now = Date.now(),
  ) {
    this.turnedAt = now;
  }

  /** True the first time a nonce is seen within its lifetime, false on a replay. */
  take(nonce: string, now = Date.now()): boolean {
    this.turn(now);
    if (this.current.has(nonce) || this.previous.has(nonce)) return false;
    this.current.add(nonce);
    return true;
  }

  /** How many nonces are remembered (tests, metrics). */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  private turn(now: number): void {
    const age = now - this.turnedAt;
    if (age < this.generationMs) return;
    // Two generations gone by: nothing of either is still within its window.
    this.previous = age >= 2 * this.generationMs ? new Set() : this.current;
    this.current = new Set();
    this.turnedAt = now;
  }
}

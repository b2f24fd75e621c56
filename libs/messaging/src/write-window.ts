/**
 * A short wait shared by the NATS commands of a moment, so that they leave in one socket
 * write. nats.js writes at the end of the microtask checkpoint in which a command was
 * queued; commands queued by handlers that run one after another (each in its own I/O
 * callback) cost a write each, and each write on a loopback socket wakes the server and
 * makes the kernel do the reader's TCP work on the writer's CPU. Every caller of one window
 * resumes in the same microtask checkpoint when it closes, so what they queue then goes out
 * together. A window opens with its first caller and closes `ms` later (0: at the end of the
 * event loop's turn), so a lone command waits at most that long and a burst shares writes.
 */
export class WriteWindow {
  private current: { promise: Promise<void>; close: () => void } | undefined;

  constructor(private readonly ms: number) {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`WriteWindow: bad wait ${ms} ms`);
  }

  /** Resolves when the window now open (or one opened now) closes. */
  next(): Promise<void> {
    if (this.current) return this.current.promise;
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    const close = () => {
      if (this.current !== window) return;
      this.current = undefined;
      // Closed early (closeNow): a drained process need not wait out the timer to exit.
      cancelTimer();
      resolve();
    };
    const window = { promise, close };
    const cancelTimer = this.startTimer(close);
    this.current = window;
    return promise;
  }

  /** Closes the open window at once (before a drain): its callers resume now. */
  closeNow(): void {
    this.current?.close();
  }

  /** Calls `close` when the window's time is up; returns what cancels that. */
  private startTimer(close: () => void): () => void {
    if (this.ms === 0) {
      const immediate = setImmediate(close);
      return () => clearImmediate(immediate);
    }
    const timeout = setTimeout(close, this.ms);
    return () => clearTimeout(timeout);
  }
}

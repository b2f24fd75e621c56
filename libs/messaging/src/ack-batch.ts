import { WriteWindow } from './write-window.js';

/** What an ack batch needs of a message: nats.js's `JsMsg`. */
export interface Ackable {
  ack(): void;
}

/**
 * Acks held for a short window (write-window.ts) and sent together, in order, in one
 * socket write. A consumer gets its messages one by one as they are published, so acks
 * sent as each handler ends cost a write each, even when sent at the end of each event-loop
 * turn (a turn rarely holds more than one). An ack waits at most
 * the window, far inside the consumer's ack wait; a process that dies before sending it
 * gets its messages redelivered, as one that died before acking does.
 */
export class AckBatch {
  private pending: Ackable[] = [];
  private readonly window: WriteWindow;

  constructor(windowMs = 10) {
    this.window = new WriteWindow(windowMs);
  }

  ack(msg: Ackable): void {
    if (this.pending.push(msg) === 1) void this.window.next().then(this.flush);
  }

  /** Sends what is queued now (also before the connection drains). */
  readonly flush = (): void => {
    const due = this.pending;
    this.pending = [];
    for (const msg of due) msg.ack();
  };
}

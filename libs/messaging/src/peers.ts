import { randomUUID } from 'node:crypto';
import type { NatsConnection, Subscription } from 'nats';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The other processes of one service, heard over core NATS: each says it is alive every
 * `everyMs` on one subject (and goodbye when it stops cleanly). A process not heard from for
 * `lostAfterMs` is lost — killed, or cut off — and `onLoss` runs once for it. The outbox
 * relay uses it: what a lost replica wrote but had not yet published is left in its
 * documents' outboxes, and a survivor's sweep publishes it within seconds rather than at
 * the next timed sweep.
 */
export class PeerWatch {
  readonly id = randomUUID();
  private readonly seen = new Map<string, number>();
  private subscription: Subscription | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string,
    private readonly onLoss: (peer: string) => void,
    private readonly everyMs = 1000,
    private readonly lostAfterMs = 3500,
  ) {}

  start(): void {
    this.subscription = this.nc.subscribe(this.subject, {
      callback: (err, msg) => {
        if (err) return;
        try {
          const { id, bye } = JSON.parse(decoder.decode(msg.data)) as { id: string; bye?: boolean };
          if (id === this.id) return;
          // A clean stop flushed what it had; nothing to pick up after it.
          if (bye) this.seen.delete(id);
          else this.seen.set(id, Date.now());
        } catch {
          /* not ours */
        }
      },
    });
    this.timer = setInterval(() => this.beat(), this.everyMs);
    this.timer.unref();
    this.beat();
  }

  /** Processes heard from within `lostAfterMs` (not counting this one). */
  get peers(): number {
    return this.seen.size;
  }

  private beat(): void {
    this.send({ id: this.id });
    const now = Date.now();
    for (const [peer, at] of this.seen) {
      if (now - at <= this.lostAfterMs) continue;
      this.seen.delete(peer);
      this.onLoss(peer);
    }
  }

  private send(message: { id: string; bye?: boolean }): void {
    if (this.nc.isClosed()) return;
    try {
      this.nc.publish(this.subject, encoder.encode(JSON.stringify(message)));
    } catch {
      /* disconnected: the next beat tries again */
    }
  }

  /** `goodbye: false` leaves as a lost process does: the others run `onLoss` for it. */
  stop({ goodbye = true }: { goodbye?: boolean } = {}): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (goodbye) this.send({ id: this.id, bye: true });
    try {
      this.subscription?.unsubscribe();
    } catch {
      /* the connection is already closed */
    }
  }
}

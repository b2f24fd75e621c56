import type { Actor } from '@momentum/contracts';
import type { LiveHub, LiveSubscriber } from './hub.js';
import type { LiveEvent } from './live-event.js';
import { viewerRoutes } from './routes.js';
import { accessEffect, visibleTo, type Viewer } from './visibility.js';

export type EndReason = 'slow' | 'revoked' | 'closed';

export interface FeedHandlers {
  /** An event the viewer may see, in stream order, once. */
  event(event: LiveEvent): void;
  /** The cursor was older than what the stream keeps (or unknown): refetch, then live. */
  reset(): void;
  /** Live from here: `after` is the last sequence judged (replayed events came before). */
  ready(after: number): void;
  /** The feed ended (its subscriber must close). */
  end(reason: EndReason): void;
}

export interface FeedOptions {
  hub: LiveHub;
  viewer: Viewer;
  /** Asks again who the key is (null: refused now: revoked, expired, agent inactive). */
  recheck: () => Promise<Actor | null>;
  /** Events held while catching up before the feed gives up on the client. */
  bufferMax: number;
}

/**
 * One viewer's events: those after a cursor (the hub's position for a new stream), in
 * order, once each, judged against the viewer's access as it changes in the same order.
 * While the gap between an old cursor and the hub is read, the hub's events wait in a
 * bounded buffer.
 */
export class LiveFeed implements LiveSubscriber {
  private held: LiveEvent[] | null = [];
  private after = 0;
  private ended = false;
  /** Rechecks started: only the latest one's answer counts (an older one may predate a removal). */
  private rechecks = 0;

  constructor(
    private readonly options: FeedOptions,
    private readonly on: FeedHandlers,
  ) {}

  /** Starts after `cursor` (null: from now); resolves with the sequence it starts after. */
  async open(cursor: number | null): Promise<number> {
    const { hub } = this.options;
    const now = hub.attach(this);
    try {
      if (cursor === null) this.after = now;
      else {
        const { first, last } = await hub.bounds();
        // Before what the stream keeps, or beyond what it ever held (made anew): unknown.
        const lost = cursor + 1 < first || cursor > last;
        if (lost) {
          this.on.reset();
          this.after = now;
        } else {
          this.after = Math.max(cursor, 0);
          for await (const event of hub.replay(this.after + 1, now)) {
            if (this.ended) break;
            this.judge(event);
          }
          this.after = Math.max(this.after, now);
        }
      }
    } catch (err) {
      this.close();
      throw err;
    }
    if (!this.ended) this.on.ready(this.after);
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.judge(event);
    return this.after;
  }

  deliver(event: LiveEvent): void {
    if (this.ended) return;
    if (this.held === null) return this.judge(event);
    this.held.push(event);
    if (this.held.length > this.options.bufferMax) this.finish('slow');
  }

  routes(): readonly string[] {
    return viewerRoutes(this.options.viewer);
  }

  /** Stops receiving (the client went away). */
  close(): void {
    this.ended = true;
    this.options.hub.detach(this);
  }

  private finish(reason: EndReason): void {
    if (this.ended) return;
    this.close();
    this.on.end(reason);
  }

  private judge(event: LiveEvent): void {
    if (this.ended || event.seq <= this.after) return;
    this.after = event.seq;
    const { viewer } = this.options;
    const effect = accessEffect(viewer, event);
    if (effect.leftTeam) {
      viewer.teamIds.delete(effect.leftTeam);
      this.options.hub.refile(this);
    }
    if (effect.recheck) void this.recheck();
    if (visibleTo(viewer, event)) this.on.event(event);
  }

  /** Teams as identity says now; a key no longer accepted ends the feed. */
  private async recheck(): Promise<void> {
    const mine = ++this.rechecks;
    const actor = await this.options.recheck().catch(() => undefined);
    if (actor === undefined || this.ended || mine !== this.rechecks) return;
    if (actor === null) return this.finish('revoked');
    this.options.viewer.teamIds = new Set(actor.teamIds);
    this.options.hub.refile(this);
  }
}

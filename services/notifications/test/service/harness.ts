import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  ServiceNames,
  streamNameFor,
  subjectFor,
  type Actor,
  type EventEnvelope,
  type Recipient,
} from '@momentum/contracts';
import { makeEvent, EventBus } from '@momentum/messaging';
import { connectService, type ServiceContext } from '@momentum/runtime';
import { eventually, injectAs, testConfig } from '@momentum/testing';
import { NotificationsConfigSchema, type NotificationsConfig } from '../../src/config.js';
import { buildNotificationsApp } from '../../src/app.js';
import type { Audience } from '../../src/clients/audience.js';

/** Team memberships as a test sets them; identity and agents are not running. */
export class FakeAudience implements Audience {
  private readonly teams = new Map<string, Set<string>>();

  join(personId: string, ...teamIds: string[]): this {
    const set = this.teams.get(personId) ?? new Set<string>();
    for (const t of teamIds) set.add(t);
    this.teams.set(personId, set);
    return this;
  }

  leave(personId: string, teamId: string): void {
    this.teams.get(personId)?.delete(teamId);
  }

  async mayHear(people: readonly Recipient[], teamId: string): Promise<Recipient[]> {
    return people.filter((p) => this.teams.get(p.id)?.has(teamId));
  }

  async names(ids: readonly string[]): Promise<Map<string, string>> {
    return new Map(ids.map((id) => [id, `named-${id.slice(0, 4)}`]));
  }

  async close(): Promise<void> {}
}

/** A prefix the global teardown's sweep of `t…` prefixes does not match (see webhooks' harness). */
const ownPrefix = () => `nt${randomUUID().replace(/-/g, '').slice(0, 12)}`;

export interface Harness {
  ctx: ServiceContext<NotificationsConfig>;
  app: FastifyInstance;
  audience: FakeAudience;
  /** A bus of the same deployment that is not this service (a producing service). */
  producer: EventBus;
  close(): Promise<void>;
}

export async function startNotifications(env: Record<string, string> = {}): Promise<Harness> {
  const config = NotificationsConfigSchema.parse(testConfig({ EVENT_PREFIX: ownPrefix(), ...env }));
  const ctx = await connectService('notifications', config);
  const audience = new FakeAudience();
  const app = await buildNotificationsApp(ctx, { audience });
  await app.ready();
  const producer = await EventBus.connect(config.NATS_URL, config.EVENT_PREFIX, 'producer', silent);
  return {
    ctx,
    app,
    audience,
    producer,
    async close() {
      await app.close();
      await producer.drain();
      await ctx.db.dropDatabase().catch(() => undefined);
      const jsm = await ctx.bus.nc.jetstreamManager();
      for (const service of ServiceNames)
        await jsm.streams.delete(streamNameFor(config.EVENT_PREFIX, service)).catch(() => false);
      await ctx.close();
    },
  };
}
const silent = { info() {}, warn() {}, error() {} };

/** Publishes an event as its service would (message id = event id). */
export async function publish<T>(h: Harness, type: string, data: T, actor: Actor | null) {
  const event: EventEnvelope<T> = makeEvent(type, data, actor);
  await h.producer.ensureStream(type.split('.')[0] as (typeof ServiceNames)[number]);
  await h.producer.publish(event);
  return event;
}

/**
 * The same event delivered again, as JetStream does after a lost ack: published without a
 * message id, so the stream's duplicate window does not drop it.
 */
export async function redeliver(h: Harness, event: EventEnvelope): Promise<void> {
  const { traceparent: _t, tracestate: _s, ...body } = event;
  await h.producer.nc
    .jetstream()
    .publish(
      subjectFor(h.ctx.config.EVENT_PREFIX, event.type),
      new TextEncoder().encode(JSON.stringify(body)),
    );
}

/** The inbox API as an actor. */
export function inbox(h: Harness, actor: Actor) {
  return {
    list: (query = '') =>
      injectAs(h.app, actor, { method: 'GET', url: `/api/notifications${query}` }),
    count: async () => {
      const res = await injectAs(h.app, actor, {
        method: 'GET',
        url: '/api/notifications/unread-count',
      });
      return res.json().data.count as number;
    },
    markRead: (payload: unknown) =>
      injectAs(h.app, actor, {
        method: 'POST',
        url: '/api/notifications/read',
        payload: payload as object,
      }),
    /** The inbox once it holds `n` notifications (they arrive through the stream). */
    async holding(n: number, query = '?limit=100') {
      return eventually(async () => {
        const data = (await this.list(query)).json().data as Array<Record<string, any>>;
        return data.length >= n ? data : null;
      }, 10_000);
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

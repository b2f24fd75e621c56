import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  EventTypes,
  ServiceNames,
  streamNameFor,
  type Actor,
  type EventEnvelope,
} from '@momentum/contracts';
import { makeEvent, EventBus } from '@momentum/messaging';
import { eventually, injectAs, testConfig } from '@momentum/testing';
import { WebhooksConfigSchema } from '../../src/config.js';
import { connectService, type ServiceContext } from '@momentum/runtime';
import type { WebhooksConfig } from '../../src/config.js';
import { buildWebhooksApp, type WebhooksAppOptions } from '../../src/app.js';
import type { MembershipSource } from '../../src/clients/membership.js';

/** Memberships as a test sets them; identity is not running. */
export class FakeMembership implements MembershipSource {
  private readonly teams = new Map<string, Set<string>>();
  failing = false;

  join(userId: string, ...teamIds: string[]): this {
    const set = this.teams.get(userId) ?? new Set<string>();
    for (const t of teamIds) set.add(t);
    this.teams.set(userId, set);
    return this;
  }

  leave(userId: string, teamId: string): void {
    this.teams.get(userId)?.delete(teamId);
  }

  /** Keys identity would call live, by user (absent: none). */
  readonly keys = new Map<string, Set<string>>();

  async activeKeyIdsOf(userId: string): Promise<string[]> {
    if (this.failing) throw new Error('identity is away');
    return [...(this.keys.get(userId) ?? [])];
  }

  async teamIdsOf(userId: string): Promise<string[]> {
    if (this.failing) throw new Error('identity is away');
    return [...(this.teams.get(userId) ?? [])];
  }

  forget(): void {}
}

/**
 * A subject prefix of this harness's own. testConfig's `t<12 hex>` prefixes are swept by the
 * global teardown of *every* vitest run (test/setup/engines.ts), including runs going on
 * beside this one, which deleted these files' streams mid-test; so the harness takes a prefix
 * the sweep does not match and deletes its streams itself when its deployment closes.
 */
export const ownPrefix = () => `wh${randomUUID().replace(/-/g, '').slice(0, 12)}`;

async function deleteStreams(ctx: ServiceContext<WebhooksConfig>): Promise<void> {
  const jsm = await ctx.bus.nc.jetstreamManager();
  for (const service of ServiceNames)
    await jsm.streams.delete(streamNameFor(ctx.config.EVENT_PREFIX, service)).catch(() => false);
}

/** Short timings, so retries and backoff happen within a test. */
export const FAST = {
  WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
  // Its own key, never derived from INTERNAL_SECRET.
  WEBHOOKS_SECRET_KEY: 'webhooks-test-secret-key-0123456789abcdef',
  WEBHOOKS_RETRY_BASE_MS: '50',
  WEBHOOKS_RETRY_MAX_DELAY_MS: '300',
  WEBHOOKS_RETRY_WINDOW_MS: '60000',
  WEBHOOKS_SCHEDULER_INTERVAL_MS: '50',
  WEBHOOKS_ATTEMPT_TIMEOUT_MS: '2000',
};

export interface Harness {
  ctx: ServiceContext<WebhooksConfig>;
  app: FastifyInstance;
  membership: FakeMembership;
  /** Stops the process as a deployment would: its database and streams stay. */
  stop(): Promise<void>;
  /** Stops it and, when it owns the test database, drops that. */
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  deps?: Partial<WebhooksAppOptions>;
  /** Another process of the same deployment: the same database and subject prefix. */
  twinOf?: Harness;
  /** Whether close() drops the database; by default the first process of a deployment. */
  ownsDatabase?: boolean;
  /** Ask a real identity service (IDENTITY_URL in env) instead of the fake memberships. */
  realIdentity?: boolean;
}

/** One webhooks process on its own database and prefix (or a twin's), with fake identity. */
export async function startWebhooks(options: StartOptions = {}): Promise<Harness> {
  const shared: Record<string, string> = options.twinOf
    ? {
        MONGO_DB: options.twinOf.ctx.config.MONGO_DB!,
        EVENT_PREFIX: options.twinOf.ctx.config.EVENT_PREFIX,
      }
    : {};
  const config = WebhooksConfigSchema.parse(
    testConfig({ ...FAST, EVENT_PREFIX: ownPrefix(), ...options.env, ...shared }),
  );
  const ctx = await connectService('webhooks', config);
  const membership = options.twinOf?.membership ?? new FakeMembership();
  const app = await buildWebhooksApp(ctx, {
    ...(options.realIdentity ? {} : { membership }),
    ...options.deps,
  });
  await app.ready();
  const owns = options.ownsDatabase ?? !options.twinOf;
  let stopped: Promise<void> | undefined;
  const stop = (drop: boolean) =>
    (stopped ??= (async () => {
      await app.close();
      if (drop) {
        await ctx.db.dropDatabase().catch(() => undefined);
        await deleteStreams(ctx);
      }
      await ctx.close();
    })());
  return { ctx, app, membership, stop: () => stop(false), close: () => stop(owns) };
}

/** Requests as an actor. */
export function client(h: () => Harness, actor: Actor) {
  const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    injectAs(h().app, actor, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload),
    patch: (url: string, payload: unknown) => call('PATCH', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}

/** Creates a webhook and answers it with its secret. */
export async function subscribe(
  h: Harness,
  actor: Actor,
  body: { url: string; events?: string[]; teamId?: string; description?: string },
): Promise<{ id: string; secret: string; [k: string]: unknown }> {
  const res = await injectAs(h.app, actor, {
    method: 'POST',
    url: '/api/webhooks',
    payload: { events: ['*'], ...body },
  });
  if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Publishes an event as its service would. */
export async function publish<T>(
  h: Pick<Harness, 'ctx'> | EventBus,
  type: string,
  data: T,
  actor?: Actor | null,
) {
  const event: EventEnvelope<T> = makeEvent(type, data, actor ?? null);
  await ('ctx' in h ? h.ctx.bus : h).publish(event);
  return event;
}

/** A bus of the harness's deployment that is not a webhooks process (a producing service). */
export const producerBus = (h: Harness) =>
  EventBus.connect(h.ctx.config.NATS_URL, h.ctx.config.EVENT_PREFIX, 'producer', silent);
const silent = { info() {}, warn() {}, error() {} };

/** A task event's data, as the habits service writes it. */
export const taskData = (userId: string, teamId: string | null = null) => ({
  id: randomUUID(),
  userId,
  teamId,
  type: 'todo',
  title: 'Write the report',
  archived: false,
  streak: 0,
  rev: 1,
  createdBy: userId,
});

export const taskCreated = (
  h: Pick<Harness, 'ctx'> | EventBus,
  userId: string,
  teamId: string | null = null,
) => publish(h, EventTypes.habits.taskCreated, taskData(userId, teamId));

/** The delivery log of a webhook. */
export async function deliveries(h: Harness, actor: Actor, webhookId: string, query = '') {
  const res = await injectAs(h.app, actor, {
    method: 'GET',
    url: `/api/webhooks/${webhookId}/deliveries?limit=100${query}`,
  });
  if (res.statusCode !== 200) throw new Error(`deliveries: ${res.statusCode} ${res.body}`);
  return res.json().data as Array<Record<string, any>>;
}

export const until = <T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 10_000) =>
  eventually(check, timeoutMs, 25);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Actor, ServiceName } from '@momentum/contracts';
import { SIGNATURE_WINDOW_MS, bodyDigest, signActor, type Signer } from '@momentum/http';
import { connectService, type ServiceContext } from '@momentum/runtime';
import { KEY_HASH_COST, type BaseConfig } from '@momentum/config';

/**
 * Test helpers for the service layer: a real database and a real NATS, under names no
 * other test file or earlier run uses.
 */
export const TEST_SECRET = 'test-internal-secret-0123456789abcdefghij';

/**
 * Per-caller signing keys for a service under test: `env` is its TRUSTED_SIGNING_KEYS (each
 * caller named, a key of its own), `signer(name)` what that caller signs with.
 */
export function callerKeys(...callers: string[]) {
  const keys = new Map(callers.map((c) => [c, `${c}-test-signing-key-${randomUUID()}`]));
  return {
    env: { TRUSTED_SIGNING_KEYS: [...keys].map(([c, k]) => `${c}=${k}`).join(',') },
    signer: (caller: string): Signer => ({ caller, key: keys.get(caller)! }),
  };
}

export function testConfig(
  extra: Record<string, string> = {},
): BaseConfig & Record<string, unknown> {
  // The project's run first (test/setup/engines.ts), so its teardown finds these streams.
  const projectRun = (inject as (key: string) => string | undefined)('eventRun') ?? '';
  const run = `${projectRun}${randomUUID().replace(/-/g, '')}`.slice(0, 12);
  return {
    PORT: 0,
    HOST: '127.0.0.1',
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    MONGO_DB: `test_${run}`,
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_REPLICAS: 1,
    EVENT_PREFIX: `t${run}`,
    INTERNAL_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    MAX_IN_FLIGHT: 4,
    MAX_QUEUED: 2000,
    METRICS_PORT: 0,
    SIGNATURE_WINDOW_MS,
    // Keys hashed at bcrypt's least cost: a test checks what a key unlocks, not how slowly.
    API_KEY_HASH_COST: KEY_HASH_COST.min,
    ...extra,
  };
}

export async function testContext<C extends BaseConfig>(
  service: ServiceName,
  config: C,
): Promise<ServiceContext<C>> {
  const ctx = await connectService(service, config);
  const close = ctx.close;
  ctx.close = async () => {
    await ctx.db.dropDatabase().catch(() => undefined);
    await close();
  };
  return ctx;
}

export function userActor(overrides: Partial<Actor> = {}): Actor {
  const id = overrides.id ?? randomUUID();
  return {
    type: 'user',
    id,
    userId: id,
    name: `user-${id.slice(0, 6)}`,
    teamIds: [],
    isAdmin: false,
    ...overrides,
  };
}

export function agentActor(ownerId: string, overrides: Partial<Actor> = {}): Actor {
  const id = overrides.id ?? randomUUID();
  return {
    type: 'agent',
    id,
    userId: ownerId,
    name: `agent-${id.slice(0, 6)}`,
    teamIds: [],
    isAdmin: false,
    agentTeamId: null,
    ...overrides,
  };
}

/**
 * `app.inject` as a given actor, with the signed headers the gateway would add (bound to the
 * method, the URL and the body as sent: an object body goes as its JSON).
 */
export function injectAs(app: FastifyInstance, actor: Actor, options: InjectOptions) {
  return injectSigned(app, TEST_SECRET, actor, options);
}

/** injectAs signed by a given caller with its own key (signing-keys.ts), not the shared one. */
export function injectSigned(
  app: FastifyInstance,
  signer: string | Signer,
  actor: Actor,
  options: InjectOptions,
) {
  const { payload } = options;
  const asJson = payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload);
  const body = asJson ? JSON.stringify(payload) : (payload as string | Buffer | undefined);
  const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
  if (asJson && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  // The URL as inject hands it to the app (light-my-request normalizes it through URL).
  const given = new URL(String(options.url ?? '/'), 'http://localhost');
  const signed = signActor(actor, signer, {
    method: String(options.method ?? 'GET'),
    url: given.pathname + given.search,
    bodyDigest: bodyDigest(body),
  });
  return app.inject({
    ...options,
    ...(body !== undefined ? { payload: body } : {}),
    headers: { ...headers, ...signed },
  });
}

/**
 * Poll until `check` returns a truthy value and answer it (events, outbox flushes and
 * event-fed read models are asynchronous): vitest's vi.waitFor, which keeps asking while a
 * check throws and fails after `timeoutMs`. (expect.poll, used in tests that need no
 * value, cannot answer one and refuses to run in hooks.)
 */
export function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 5000,
  intervalMs = 50,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error('condition not met in time');
      return value;
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}

/**
 * Something `start` makes, for the enclosing `describe`: started before its tests and
 * closed after them. The object is filled in by `beforeAll`, so read it only inside tests
 * and hooks.
 */
export function useStarted<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  const started = {} as T;
  beforeAll(async () => {
    Object.assign(started, await start());
  });
  afterAll(async () => started.close?.());
  return started;
}
export * from './engine-commands.js';

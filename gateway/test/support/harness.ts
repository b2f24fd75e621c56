import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Actor, KeyRecord } from '@momentum/contracts';
import { KEY_HASH_COST } from '@momentum/config';
import { InternalClient, verifyActor } from '@momentum/http';
import { hashSecret, newApiKey } from '@momentum/keys';
import { TEST_SECRET } from '@momentum/testing';
import { buildGateway, type GatewayDeps } from '../../src/app.js';
import { GatewayConfigSchema, type Upstream } from '../../src/config.js';
import { KeyCache } from '../../src/auth/key-cache.js';
import type { KeyDirectory } from '../../src/auth/key-resolver.js';
import { guardedResolver, type GuardedResolver } from '../../src/auth/guarded-resolver.js';
import { IdOwnerCache } from '../../src/routing/id-owner.js';
import { GrantStore } from '../../src/oauth/grant-store.js';
import { ClientDirectory } from '../../src/oauth/clients.js';
import { AccessTokenResolver } from '../../src/oauth/access-tokens.js';

/**
 * A gateway built by its factory, in front of fake upstream services (one small Fastify
 * per service, on a free local port, since the proxy speaks HTTP) that echo what reached
 * them. Keys are real `svc_` keys with bcrypt hashes, held in an in-memory directory.
 */
export interface SeenRequest {
  service: Upstream;
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body: string;
  actor: Actor | null;
}

export type UpstreamHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  seen: SeenRequest,
) => unknown;

const SERVICES: Upstream[] = [
  'identity',
  'habits',
  'projects',
  'issues',
  'agents',
  'webhooks',
  'notifications',
];

export class Keyring implements KeyDirectory {
  private readonly records = new Map<string, KeyRecord>();
  lookups = 0;
  async add(actor: KeyRecord['actor']): Promise<string> {
    const key = newApiKey(actor.type === 'agent' ? 'a' : 'u');
    this.records.set(key.keyId, {
      keyId: key.keyId,
      hash: await hashSecret(key.secret, KEY_HASH_COST.min),
      actor,
    });
    return key.raw;
  }
  async lookup(keyId: string) {
    this.lookups++;
    return this.records.get(keyId) ?? null;
  }
  /** The directory no longer answers for this key (revoked, its agent switched off). */
  hide(keyId: string): void {
    this.records.delete(keyId);
  }
  restore(record: KeyRecord): void {
    this.records.set(record.keyId, record);
  }
  /** Key ids the gateway said verified (their service would mark lastUsedAt), in order. */
  readonly usedKeyIds: string[] = [];
  used(record: KeyRecord): void {
    this.usedKeyIds.push(record.keyId);
  }
}

export const userActor = (id = 'user-1'): KeyRecord['actor'] => ({
  type: 'user',
  id,
  userId: id,
  name: id,
  teamIds: [],
  isAdmin: false,
});

export const agentActor = (id: string, owner: string): KeyRecord['actor'] => ({
  type: 'agent',
  id,
  userId: owner,
  name: id,
  teamIds: [],
  isAdmin: false,
  agentTeamId: null,
});

export interface TestGateway {
  app: FastifyInstance;
  seen: SeenRequest[];
  keyring: Keyring;
  keyCache: KeyCache;
  /** The resolver's guards as the gateway runs them (throttle, hash pool, unknown key ids). */
  guarded: GuardedResolver;
  close(): Promise<void>;
}

export async function startTestGateway(
  options: {
    env?: Record<string, string>;
    handler?: UpstreamHandler;
    upstreams?: Partial<Record<Upstream, FastifyInstance>>;
    /** With the OAuth authorization server, its grants kept by the (fake) identity. */
    oauth?: boolean;
  } & Partial<
    Pick<
      GatewayDeps,
      'logStream' | 'idempotency' | 'rateLimit' | 'accountRateLimit' | 'resolver' | 'extensions'
    >
  > = {},
): Promise<TestGateway> {
  const seen: SeenRequest[] = [];
  const upstreams: FastifyInstance[] = [];
  const urls: Record<string, string> = {};
  for (const service of SERVICES) {
    const upstream = options.upstreams?.[service] ?? echoUpstream(service, seen, options.handler);
    const address = await upstream.listen({ port: 0, host: '127.0.0.1' });
    upstreams.push(upstream);
    urls[`${service.toUpperCase()}_URL`] = address;
  }
  const config = GatewayConfigSchema.parse({
    INTERNAL_SECRET: TEST_SECRET,
    LOG_LEVEL: options.logStream ? 'trace' : 'silent',
    RATE_LIMIT_MAX: '0',
    ...urls,
    ...options.env,
  });
  const keyring = new Keyring();
  const keyCache = new KeyCache(config.KEY_CACHE_TTL_MS);
  const guarded = guardedResolver(config, keyring, keyCache);
  const clients = [
    new InternalClient(config.HABITS_URL, TEST_SECRET),
    new InternalClient(config.ISSUES_URL, TEST_SECRET),
  ] as const;
  const grantClients = options.oauth
    ? [
        new InternalClient(config.IDENTITY_URL, TEST_SECRET),
        new InternalClient(config.AGENTS_URL, TEST_SECRET),
      ]
    : [];
  const grants = options.oauth ? new GrantStore(grantClients[0]!, grantClients[1]!) : null;
  const oauth = grants
    ? {
        store: grants,
        clients: new ClientDirectory(grants, { allowPrivate: true }),
        tokens: new AccessTokenResolver(grants, keyCache),
      }
    : undefined;
  const app = await buildGateway({
    config,
    ...(oauth ? { oauth } : {}),
    keyCache,
    resolver: options.resolver ?? guarded.resolver,
    unknownKeys: guarded.unknown,
    owners: new IdOwnerCache(...clients),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.idempotency ? { idempotency: options.idempotency } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.accountRateLimit ? { accountRateLimit: options.accountRateLimit } : {}),
    ...(options.extensions ? { extensions: options.extensions } : {}),
  });
  await app.ready();
  return {
    app,
    seen,
    keyring,
    keyCache,
    guarded,
    async close() {
      await app.close();
      await oauth?.clients.close();
      await guarded.pool.close();
      await Promise.all([
        ...upstreams.map((u) => u.close()),
        ...[...clients, ...grantClients].map((c) => c.close()),
      ]);
    },
  };
}

/** Answers 201 to POST and 200 otherwise with what it received, unless `handler` answers. */
function echoUpstream(
  service: Upstream,
  seen: SeenRequest[],
  handler?: UpstreamHandler,
): FastifyInstance {
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.all('/*', async (request, reply) => {
    const record: SeenRequest = {
      service,
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      body: typeof request.body === 'string' ? request.body : '',
      actor: verifyActor(request.headers, TEST_SECRET, request),
    };
    seen.push(record);
    if (handler) {
      const answer = await handler(request, reply, record);
      if (answer !== undefined || reply.sent) return answer;
    }
    return reply
      .status(request.method === 'POST' ? 201 : 200)
      .send({ data: { service, n: seen.length, url: request.url, body: record.body } });
  });
  return app;
}

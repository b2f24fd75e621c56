// infra/nats/nats.conf run by the real nats-server (a private one, on its own ports), with
// the code that connects to it: every component's own user works with what the code does
// (streams, durable consumers, key-value buckets, lookups), and nothing more — another
// service's subjects, consumers, buckets and inboxes are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec, connect, type NatsConnection } from 'nats';
import { EventTypes, RequestSubjects, type EventEnvelope } from '@momentum/contracts';
import { makeEvent, EventBus, SharedNonces, natsConnectOptions } from '@momentum/messaging';
import { openBucket } from '../../../gateway/src/shared/kv.js';
import { SharedGatewayState } from '../../../gateway/src/shared/state.js';
import { subscribeInvalidation } from '../../../gateway/src/events/invalidation.js';
import type { KeyCache } from '../../../gateway/src/auth/key-cache.js';
import { hasNatsServer, startNats, type RunningNats } from './nats-server.js';

const PREFIX = 'momentum';
const SERVICE_USERS = [
  'identity',
  'habits',
  'projects',
  'issues',
  'agents',
  'webhooks',
  'notifications',
] as const;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const codec = JSONCodec<unknown>();

let nats: RunningNats;
const buses: EventBus[] = [];
const connections: NatsConnection[] = [];

const busOf = async (user: string) => {
  const bus = await EventBus.connect(nats.url(user), PREFIX, user, silent);
  buses.push(bus);
  return bus;
};
const rawOf = async (user: string) => {
  const nc = await connect({ ...natsConnectOptions(nats.url(user)), timeout: 3000 });
  connections.push(nc);
  return nc;
};
const eventOf = (type: string, data: Record<string, unknown> = {}): EventEnvelope =>
  makeEvent(type, data, { type: 'user', id: 'u1' } as never) as EventEnvelope;
const messagesIn = async (nc: NatsConnection, stream: string) =>
  (await (await nc.jetstreamManager()).streams.info(stream)).state.messages;
/** Resolves with the first value `take` returns, or rejects after `ms`. */
const until = <T>(ms: number, take: (done: (v: T) => void) => void) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms);
    take((v) => {
      clearTimeout(timer);
      resolve(v);
    });
  });

describe.skipIf(!hasNatsServer())('infra/nats/nats.conf on the real nats-server', () => {
  beforeAll(async () => {
    nats = await startNats();
  }, 20_000);

  afterAll(async () => {
    for (const bus of buses) await bus.drain().catch(() => undefined);
    for (const nc of connections) await nc.close().catch(() => undefined);
    await nats?.stop();
  });

  it('refuses a connection without a user, or with a wrong password', async () => {
    await expect(connect({ servers: `127.0.0.1:${nats.port}`, timeout: 3000 })).rejects.toThrow(
      /Authorization Violation/i,
    );
    await expect(
      EventBus.connect(nats.url('issues', 'wrong'), PREFIX, 'x', silent),
    ).rejects.toThrow(/Authorization Violation/i);
  });

  it('each service creates its own stream and publishes its own events', async () => {
    for (const [service, type] of [
      ['identity', EventTypes.identity.membershipAdded],
      ['habits', EventTypes.habits.taskCreated],
      ['projects', EventTypes.projects.projectCreated],
      ['issues', EventTypes.issues.issueCreated],
      ['agents', EventTypes.agents.agentCreated],
    ] as const) {
      const bus = await busOf(service);
      await bus.ensureStream(service);
      await bus.publish(eventOf(type, { userId: 'u1', teamId: 't1' }));
      expect(await messagesIn(bus.nc, `MOMENTUM_${service.toUpperCase()}`), service).toBe(1);
    }
  }, 30_000);

  it('a service cannot publish another service’s event, nor create or read its stream', async () => {
    // habits reads no other stream (identity now reads every service's, for erasures).
    const habits = await busOf('habits');
    const issues = await busOf('issues');
    const before = await messagesIn(issues.nc, 'MOMENTUM_ISSUES');
    const js = habits.nc.jetstream({ timeout: 1500 });
    await expect(
      js.publish(`${PREFIX}.${EventTypes.issues.issueCreated}`, codec.encode({ forged: true })),
    ).rejects.toThrow();
    expect(await messagesIn(issues.nc, 'MOMENTUM_ISSUES')).toBe(before);
    // nor another stream's information, nor a consumer on it
    const jsm = await habits.nc.jetstreamManager({ timeout: 1500 });
    await expect(jsm.streams.info('MOMENTUM_ISSUES')).rejects.toThrow();
    await expect(
      jsm.consumers.add('MOMENTUM_ISSUES', { durable_name: 'habits-spy' } as never),
    ).rejects.toThrow();
  }, 20_000);

  it('projects reads the issues stream through its own durable consumer, and acks', async () => {
    const issues = await busOf('issues');
    const projects = await busOf('projects');
    const seen: EventEnvelope[] = [];
    const received = until<EventEnvelope>(10_000, (done) =>
      projects.consume({
        from: 'issues',
        durable: 'projects-issue-counts',
        types: [EventTypes.issues.issueCreated, EventTypes.issues.issueDeleted],
        handler: async (event) => {
          seen.push(event);
          if (event.data && (event.data as { mark?: string }).mark === 'counted') done(event);
        },
      }),
    );
    await issues.publish(eventOf(EventTypes.issues.issueCreated, { mark: 'counted' }));
    expect((await received).type).toBe(EventTypes.issues.issueCreated);
    // acked: the consumer has nothing pending for it
    const jsm = await projects.nc.jetstreamManager();
    await expect
      .poll(
        async () =>
          (await jsm.consumers.info('MOMENTUM_ISSUES', 'projects-issue-counts')).num_ack_pending,
      )
      .toBe(0);
    // and another consumer's name is not its to use
    await expect(
      projects.consume({
        from: 'issues',
        durable: 'webhooks-issues',
        types: ['issues.issue.created'],
        handler: async () => {},
      }),
    ).rejects.toThrow();
  }, 30_000);

  it('issues reads the projects stream; webhooks every stream its catalogue names', async () => {
    const issues = await busOf('issues');
    await issues.consume({
      from: 'projects',
      durable: 'issues-project-read-model',
      types: [EventTypes.projects.projectCreated],
      handler: async () => {},
    });
    const webhooks = await busOf('webhooks');
    for (const from of ['identity', 'habits', 'projects', 'issues', 'agents'] as const) {
      const types = Object.values(EventTypes[from]).slice(0, 2);
      await webhooks.consume({ from, durable: `webhooks-${from}`, types, handler: async () => {} });
    }
    // the membership changes every replica follows (core NATS)
    const forgotten = until<unknown>(5000, (done) =>
      webhooks.subscribe(`${PREFIX}.${EventTypes.identity.membershipRemoved}`, done),
    );
    await webhooks.nc.flush();
    const identity = await busOf('identity');
    await identity.publish(eventOf(EventTypes.identity.membershipRemoved, { userId: 'u2' }));
    expect(await forgotten).toMatchObject({ type: EventTypes.identity.membershipRemoved });
  }, 30_000);

  it('project lookups: issues and webhooks ask, projects answers, no one else asks', async () => {
    const projects = await busOf('projects');
    projects.respond(RequestSubjects.projectLookup, async (req) => ({ found: req }));
    await projects.nc.flush();
    for (const asker of ['issues', 'webhooks']) {
      const bus = await busOf(asker);
      expect(await bus.request(RequestSubjects.projectLookup, { id: 'p1' }), asker).toEqual({
        found: { id: 'p1' },
      });
    }
    const habits = await busOf('habits');
    await expect(
      habits.request(RequestSubjects.projectLookup, { id: 'p1' }, 1000),
    ).rejects.toThrow();
  }, 20_000);

  it('the gateway alone opens the key-value buckets, and uses them', async () => {
    const gatewayNc = await rawOf('gateway');
    const state = new SharedGatewayState({ max: 10, windowMs: 60_000 });
    await state.attach(gatewayNc, PREFIX);
    expect(await state.idempotency.begin('k1', 'f1')).toEqual({ kind: 'new' });
    await state.idempotency.complete('k1', 'f1', {
      status: 201,
      contentType: 'application/json',
      body: Buffer.from('{}'),
    });
    expect((await state.idempotency.begin('k1', 'f1')).kind).not.toBe('new');
    expect(state.rateLimit.available()).toBe(true);
    await state.rateLimit.take('client-1');

    for (const service of ['identity', 'webhooks']) {
      const nc = await rawOf(service);
      await expect(
        openBucket(nc, `${PREFIX}_gateway_idempotency`, {
          ttlMs: 60_000,
          maxBytes: 1 << 20,
          timeoutMs: 1500,
        }),
        service,
      ).rejects.toThrow();
    }
  }, 30_000);

  it('each service claims nonces in its own bucket, and cannot open another’s', async () => {
    const warned: string[] = [];
    const log = { ...silent, warn: (obj: unknown) => void warned.push(JSON.stringify(obj)) };
    for (const service of SERVICE_USERS) {
      const nonces = await SharedNonces.open(await busOf(service), service, 5000, log);
      expect(await nonces.claim(`nonce-${service}-0001`), service).toBe(true);
      expect(await nonces.claim(`nonce-${service}-0001`), service).toBe(false);
    }
    // Granted, not refused, where the bucket is not its own: the claim falls back and warns.
    const other = await SharedNonces.open(await busOf('webhooks'), 'identity', 5000, log);
    expect(await other.claim('nonce-identity-0001')).toBe(true);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain('momentum_nonces_identity');
  }, 30_000);

  it('the gateway hears the events that invalidate its caches, and publishes none', async () => {
    const gateway = await busOf('gateway');
    const dropped: string[] = [];
    const heard = until<void>(5000, (done) =>
      subscribeInvalidation(gateway, {
        dropKey: (id: string) => {
          dropped.push(`key ${id}`);
          done();
        },
        dropUser: (id: string) => dropped.push(`user ${id}`),
        dropAgent: (id: string) => dropped.push(`agent ${id}`),
      } as unknown as KeyCache),
    );
    await gateway.nc.flush();
    const identity = await busOf('identity');
    await identity.publish(eventOf(EventTypes.identity.keyRevoked, { keyId: 'k9' }));
    await heard;
    expect(dropped).toContain('key k9');
    const js = gateway.nc.jetstream({ timeout: 1500 });
    await expect(
      js.publish(`${PREFIX}.${EventTypes.identity.keyRevoked}`, codec.encode({})),
    ).rejects.toThrow();
  }, 20_000);

  it('no one subscribes to another’s inbox or to every inbox', async () => {
    for (const [user, subject] of [
      ['webhooks', '_INBOX.>'],
      ['webhooks', '_INBOX_gateway.>'],
      ['habits', '>'],
      ['identity', `${PREFIX}.issues.>`],
    ] as const) {
      const nc = await rawOf(user);
      const refused = until<Error>(5000, (done) => {
        nc.subscribe(subject, { callback: (err) => err && done(err) });
      });
      expect((await refused).message, `${user} ${subject}`).toMatch(/Permissions Violation/i);
    }
  }, 30_000);
});

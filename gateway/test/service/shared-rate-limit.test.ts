import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type NatsConnection } from 'nats';
import { parseApiKey } from '@momentum/keys';
import { testConfig } from '@momentum/testing';
import { SharedWindowCounter } from '../../src/limits/shared-counter.js';
import { openBucket } from '../../src/shared/kv.js';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/**
 * Two gateways, each with its own NATS connection and counter over one key-value bucket,
 * rate limiting through @fastify/rate-limit with the shared store: one window for both.
 */
const { NATS_URL: natsUrl, EVENT_PREFIX: prefix } = testConfig();
const bucket = `${prefix}_gateway_rate_shared_test`;
const MAX = 5;
/** Per account: above one key's, below two keys' worth, so only sharing trips it. */
const ACCOUNT_MAX = 7;
const gateways: TestGateway[] = [];
const connections: NatsConnection[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const nc = await connect({ servers: natsUrl });
    connections.push(nc);
    const kv = await openBucket(nc, bucket, { ttlMs: 120_000, maxBytes: 1024 * 1024 });
    const counter = new SharedWindowCounter(kv, MAX, 60_000);
    const accounts = new SharedWindowCounter(kv, ACCOUNT_MAX, 60_000);
    gateways.push(
      await startTestGateway({
        env: {
          RATE_LIMIT_MAX: String(MAX),
          RATE_LIMIT_ACCOUNT_MAX: String(ACCOUNT_MAX),
          RATE_LIMIT_WINDOW_MS: '60000',
        },
        rateLimit: { available: () => true, take: (key) => counter.take(key) },
        accountRateLimit: { available: () => true, take: (key) => accounts.take(key) },
      }),
    );
  }
});
afterAll(async () => {
  await Promise.all(gateways.map((gw) => gw.close()));
  const jsm = await connections[0]!.jetstreamManager();
  await jsm.streams.delete(`KV_${bucket}`).catch(() => undefined);
  await Promise.all(connections.map((nc) => nc.close()));
});

it('two gateways count one window: the limit is met across both, then both refuse', async () => {
  const [a, b] = gateways as [TestGateway, TestGateway];
  const raw = await a.keyring.add(userActor('shared-limit'));
  b.keyring.restore((await a.keyring.lookup(parseApiKey(raw)!.keyId))!);
  const answers = [];
  for (let i = 0; i < MAX + 3; i++)
    answers.push(
      await (i % 2 ? b : a).app.inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${raw}` },
      }),
    );
  expect(answers.map((r) => r.statusCode)).toEqual([
    ...Array<number>(MAX).fill(200),
    ...Array<number>(3).fill(429),
  ]);
  expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual([
    '4',
    '3',
    '2',
    '1',
    '0',
    '0',
    '0',
    '0',
  ]);
  const refused = answers[MAX]!;
  expect(refused.json().error.code).toBe('RATE_LIMITED');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
});

it('two gateways count one account window: its keys together meet the account limit', async () => {
  const [a, b] = gateways as [TestGateway, TestGateway];
  const keys = [];
  for (let i = 0; i < 2; i++) {
    const raw = await a.keyring.add(userActor('shared-account'));
    b.keyring.restore((await a.keyring.lookup(parseApiKey(raw)!.keyId))!);
    keys.push(raw);
  }
  const answers = [];
  // Four requests per key, alternating gateways: each key stays under 5, the account has 7.
  for (let i = 0; i < 8; i++)
    answers.push(
      await (i % 2 ? b : a).app.inject({
        url: '/api/me',
        headers: { authorization: `Bearer ${keys[Math.floor(i / 2) % 2]!}` },
      }),
    );
  expect(answers.map((r) => r.statusCode)).toEqual([...Array<number>(ACCOUNT_MAX).fill(200), 429]);
  const refused = answers[ACCOUNT_MAX]!;
  expect(refused.json().error.code).toBe('RATE_LIMITED');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
});

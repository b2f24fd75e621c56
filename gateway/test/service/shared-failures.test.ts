import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type NatsConnection } from 'nats';
import { newApiKey, parseApiKey } from '@momentum/keys';
import { eventually, testConfig } from '@momentum/testing';
import { SharedFailures } from '../../src/auth/shared-failures.js';
import { openBucket } from '../../src/shared/kv.js';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/**
 * Failed key verifications counted across gateways (docs/SECURITY.md, "API keys under
 * attack"): two gateways, each with its own NATS connection, share the counts in one
 * key-value bucket, so an address gets one budget, not one per gateway.
 */
const { NATS_URL: natsUrl, EVENT_PREFIX: prefix } = testConfig();
const bucket = `${prefix}_gateway_rate_failures_test`;
const PER_ADDRESS = 6;
const gateways: TestGateway[] = [];
const connections: NatsConnection[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const nc = await connect({ servers: natsUrl });
    connections.push(nc);
    const kv = await openBucket(nc, bucket, { ttlMs: 120_000, maxBytes: 1024 * 1024 });
    const gw = await startTestGateway({
      env: { AUTH_FAILURES_PER_ADDRESS: String(PER_ADDRESS), AUTH_FAILURES_PER_KEY: '3' },
    });
    gw.guarded.throttle.shareWith(new SharedFailures(kv, gw.guarded.throttle));
    gateways.push(gw);
  }
});
afterAll(async () => {
  await Promise.all(gateways.map((gw) => gw.close()));
  const jsm = await connections[0]!.jetstreamManager();
  await jsm.streams.delete(`KV_${bucket}`).catch(() => undefined);
  await Promise.all(connections.map((nc) => nc.close()));
});

const forged = (raw: string) => `svc_${parseApiKey(raw)!.keyId}_${newApiKey('u').secret}`;
const me = (gw: TestGateway, raw: string, remoteAddress: string) =>
  gw.app.inject({
    method: 'GET',
    url: '/api/me',
    remoteAddress,
    headers: { authorization: `Bearer ${raw}` },
  });

/** A key both gateways' directories know. */
async function sharedKey(name: string): Promise<string> {
  const [a, b] = gateways as [TestGateway, TestGateway];
  const raw = await a.keyring.add(userActor(name));
  b.keyring.restore((await a.keyring.lookup(parseApiKey(raw)!.keyId))!);
  return raw;
}

it('an address’s failures through one gateway count at the other: one budget, not two', async () => {
  const [a, b] = gateways as [TestGateway, TestGateway];
  const keys = await Promise.all(
    Array.from({ length: PER_ADDRESS + 2 }, (_, i) => sharedKey(`k${i}`)),
  );
  for (const raw of keys.slice(0, PER_ADDRESS))
    expect((await me(a, forged(raw), '203.0.113.9')).statusCode).toBe(401);
  expect((await me(a, forged(keys[0]!), '203.0.113.9')).statusCode).toBe(429);
  // Gateway b has seen nothing of this address; its first failure from it learns the total.
  expect((await me(b, forged(keys[PER_ADDRESS]!), '203.0.113.9')).statusCode).toBe(401);
  // Once its count is raised (after the answer, off the request's path), b refuses too.
  await eventually(async () => b.guarded.throttle.retryAfter('203.0.113.9', 'any') > 0);
  expect((await me(b, forged(keys[PER_ADDRESS + 1]!), '203.0.113.9')).statusCode).toBe(429);
  // Another address, and a key id the forger tried, are untouched on both gateways.
  expect((await me(b, keys[0]!, '198.51.100.3')).statusCode).toBe(200);
  expect((await me(a, keys[1]!, '198.51.100.3')).statusCode).toBe(200);
});

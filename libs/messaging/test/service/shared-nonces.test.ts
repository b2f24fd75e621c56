import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@momentum/testing';
import { EventBus, SharedNonces, type Logger } from '../../src/index.js';

const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Two processes of one service claiming nonces in its bucket on real NATS. */
describe('nonces shared by the processes of a service', () => {
  const { NATS_URL, EVENT_PREFIX } = testConfig();
  let buses: EventBus[] = [];
  beforeAll(async () => {
    buses = await Promise.all(
      [1, 2].map(() => EventBus.connect(NATS_URL, EVENT_PREFIX, 'nonce-test', silent)),
    );
  });
  afterAll(async () => {
    const jsm = await buses[0]!.nc.jetstreamManager();
    await jsm.streams.delete(`KV_${EVENT_PREFIX}_nonces_sample`).catch(() => undefined);
    await Promise.all(buses.map((b) => b.nc.close()));
  });

  it('grants each nonce once across processes, racing or not, in a bucket held in memory', async () => {
    const [a, b] = await Promise.all(
      buses.map((bus) => SharedNonces.open(bus, 'sample', 5000, silent)),
    );
    const nonce = randomUUID();
    expect(await a!.claim(nonce)).toBe(true);
    expect(await b!.claim(nonce)).toBe(false);
    expect(await a!.claim(nonce)).toBe(false);
    const racing = randomUUID();
    const answers = await Promise.all([a!.claim(racing), b!.claim(racing), a!.claim(racing)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const jsm = await buses[0]!.nc.jetstreamManager();
    const info = await jsm.streams.info(`KV_${EVENT_PREFIX}_nonces_sample`);
    expect(info.config.storage).toBe('memory');
    // Forgotten after twice the window: as long as a signature could verify, no longer.
    expect(info.config.max_age).toBe(10_000 * 1_000_000);
  });

  it('with NATS away grants the claim at once and warns (the process’s own set still holds)', async () => {
    const warnings: unknown[] = [];
    const log: Logger = { ...silent, warn: (obj) => void warnings.push(obj) };
    const own = await EventBus.connect(NATS_URL, EVENT_PREFIX, 'nonce-test', silent);
    const nonces = await SharedNonces.open(own, 'sample', 5000, log);
    const nonce = randomUUID();
    expect(await nonces.claim(nonce)).toBe(true);
    await own.nc.close();
    const started = Date.now();
    expect(await nonces.claim(nonce)).toBe(true);
    expect(await nonces.claim(randomUUID())).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
    // One warning, not one per request.
    expect(warnings).toHaveLength(1);
  });
});

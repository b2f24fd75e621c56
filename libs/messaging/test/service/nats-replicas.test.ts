import { afterAll, describe, expect, it } from 'vitest';
import { streamNameFor } from '@momentum/contracts';
import { BaseConfigSchema, loadConfig } from '@momentum/config';
import { EventBus } from '../../src/bus.js';
import { testConfig } from '@momentum/testing';

const silent = { info() {}, warn() {}, error() {} };

/** How many copies JetStream keeps of a service's stream comes from NATS_REPLICAS. */
describe('NATS_REPLICAS', () => {
  const { NATS_URL, EVENT_PREFIX } = testConfig();
  const buses: EventBus[] = [];
  afterAll(async () => {
    const jsm = await buses[0]!.nc.jetstreamManager();
    await jsm.streams.delete(streamNameFor(EVENT_PREFIX, 'habits')).catch(() => undefined);
    await Promise.all(buses.map((b) => b.drain()));
  });

  it('is 1 by default, 3 when set, and refused out of range', () => {
    const env = { PORT: '0', INTERNAL_SECRET: 'x'.repeat(32) };
    expect(loadConfig(BaseConfigSchema, env).NATS_REPLICAS).toBe(1);
    expect(loadConfig(BaseConfigSchema, { ...env, NATS_REPLICAS: '3' }).NATS_REPLICAS).toBe(3);
    expect(() => loadConfig(BaseConfigSchema, { ...env, NATS_REPLICAS: '0' })).toThrow(
      /NATS_REPLICAS/,
    );
  });

  it('creates the stream with the configured copies (one NATS server here: 3 is refused)', async () => {
    const three = await EventBus.connect(NATS_URL, EVENT_PREFIX, 'test-3', silent, {
      replicas: 3,
    });
    buses.push(three);
    // The server is asked for three copies: a single server cannot keep them.
    await expect(three.ensureStream('habits')).rejects.toThrow(/replica|cluster/i);
    const one = await EventBus.connect(NATS_URL, EVENT_PREFIX, 'test-1', silent, { replicas: 1 });
    buses.push(one);
    await one.ensureStream('habits');
    const jsm = await one.nc.jetstreamManager();
    const info = await jsm.streams.info(streamNameFor(EVENT_PREFIX, 'habits'));
    expect(info.config.num_replicas).toBe(1);
  });
});

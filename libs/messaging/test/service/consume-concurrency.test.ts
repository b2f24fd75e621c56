import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { streamNameFor, type EventEnvelope } from '@momentum/contracts';
import { EventBus } from '../../src/bus.js';
import { testConfig } from '@momentum/testing';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const { NATS_URL: natsUrl, EVENT_PREFIX: prefix } = testConfig();
let bus: EventBus;

beforeAll(async () => {
  bus = await EventBus.connect(natsUrl, prefix, 'concurrency-test', silent);
  await bus.ensureStream('habits');
});
afterAll(async () => {
  const jsm = await bus.nc.jetstreamManager();
  await jsm.streams.delete(streamNameFor(prefix, 'habits')).catch(() => undefined);
  await bus.drain();
});

it('a consumer handles `concurrency` events at once, never more, and every event', async () => {
  const concurrency = 4;
  let running = 0;
  let most = 0;
  const handled = new Set<string>();
  await bus.consume({
    from: 'habits',
    durable: 'concurrency-test',
    types: ['habits.task.created'],
    concurrency,
    handler: async (event) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      handled.add(event.id);
    },
  });
  const events: EventEnvelope[] = Array.from({ length: 30 }, (_, i) => ({
    id: randomUUID(),
    type: 'habits.task.created',
    occurredAt: new Date().toISOString(),
    actor: null,
    data: { i },
  }));
  await Promise.all(events.map((e) => bus.publish(e)));
  await expect.poll(() => handled.size, { timeout: 15_000 }).toBe(events.length);
  expect(most).toBe(concurrency);
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamNameFor, type EventEnvelope } from '@momentum/contracts';
import { EventBus } from '../../src/bus.js';
import { eventually, testConfig } from '@momentum/testing';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Two replicas of one service, each with its own NATS connection and EventBus, as two
 * processes have: their relays publish into the service's one stream, and they consume
 * through one shared durable consumer.
 */
describe('events with two replicas of a service', () => {
  const { NATS_URL: natsUrl, EVENT_PREFIX: prefix } = testConfig();
  let replicas: EventBus[] = [];

  beforeAll(async () => {
    replicas = await Promise.all(
      ['a', 'b'].map((r) => EventBus.connect(natsUrl, prefix, `replica-${r}`, silent)),
    );
    await Promise.all(replicas.map((bus) => bus.ensureStream('issues')));
  });
  afterAll(async () => {
    const jsm = await replicas[0]?.nc.jetstreamManager();
    await jsm?.streams.delete(streamNameFor(prefix, 'issues')).catch(() => undefined);
    await Promise.all(replicas.map((bus) => bus.drain()));
  });

  const event = (i: number): EventEnvelope => ({
    id: randomUUID(),
    type: 'issues.issue.created',
    occurredAt: new Date().toISOString(),
    actor: null,
    data: { i },
  });

  it('stores an outbox entry published by both replicas once, and hands each event to one replica once', async () => {
    const handled: Array<{ replica: number; id: string }> = [];
    await Promise.all(
      replicas.map((bus, replica) =>
        bus.consume({
          from: 'issues',
          durable: 'shared-counter',
          types: ['issues.issue.created'],
          concurrency: 2,
          handler: async (e) => {
            handled.push({ replica, id: e.id });
            // A little work, so both replicas hold messages at once.
            await new Promise((r) => setTimeout(r, 5));
          },
        }),
      ),
    );
    const events = Array.from({ length: 60 }, (_, i) => event(i));
    // Each entry relayed by both replicas (two relays that saw the same pending outbox),
    // in either order, all at once.
    await Promise.all(
      events.flatMap((e, i) => [replicas[i % 2]!.publish(e), replicas[(i + 1) % 2]!.publish(e)]),
    );

    const jsm = await replicas[0]!.nc.jetstreamManager();
    const info = await jsm.streams.info(streamNameFor(prefix, 'issues'));
    expect(info.state.messages).toBe(60);

    // Every message handled and acknowledged (none pending, none waiting for an ack).
    await eventually(async () => {
      const consumer = await jsm.consumers.info(streamNameFor(prefix, 'issues'), 'shared-counter');
      return handled.length >= 60 && consumer.num_ack_pending + consumer.num_pending === 0;
    }, 15_000);
    expect(handled).toHaveLength(60);
    expect(new Set(handled.map((h) => h.id))).toEqual(new Set(events.map((e) => e.id)));
    // The work is divided: both replicas handled some.
    expect(handled.filter((h) => h.replica === 0).length).toBeGreaterThan(0);
    expect(handled.filter((h) => h.replica === 1).length).toBeGreaterThan(0);
  });
});

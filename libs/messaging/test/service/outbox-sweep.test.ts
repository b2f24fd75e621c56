import mongoose, { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EventEnvelope } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import type { EventBus } from '../../src/bus.js';
import { OUTBOX_INDEX, OutboxRelay } from '../../src/outbox.js';
import { ensureIndexes } from '@momentum/storage';
import { eventually, testConfig } from '@momentum/testing';

/** The relay on the real engine: its index, and events no flush published. */
describe('OutboxRelay on the engine', () => {
  const { MONGO_DB } = testConfig();
  let db: Connection;
  const silent = { info() {}, warn() {}, error() {} };

  beforeAll(async () => {
    db = await mongoose.createConnection(inject('mongoUrl'), { dbName: MONGO_DB }).asPromise();
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  const thingModel = (name: string) =>
    db.model(
      name,
      new Schema({
        _id: String,
        n: Number,
        _outbox: { type: [Schema.Types.Mixed], default: undefined },
      }),
      name.toLowerCase(),
    );

  /** A bus whose first `fail` publishes throw (NATS away at the worst moment). */
  const busFailing = (fail: number) => {
    const published: string[] = [];
    const bus = {
      prefix: 't',
      async publish(event: EventEnvelope) {
        if (fail-- > 0) throw new Error('nats away');
        published.push(event.id);
      },
    };
    return { bus: bus as unknown as EventBus, published };
  };

  it('declares and creates the pending index the sweep and gauges read by', async () => {
    const Thing = thingModel('Indexed');
    const relay = new OutboxRelay(busFailing(0).bus, [Thing], silent, 60_000);
    expect(Thing.schema.indexes()).toContainEqual([
      OUTBOX_INDEX.keys,
      expect.objectContaining({ name: 'outbox_pending' }),
    ]);
    relay.start();
    // The collection itself appears with its first index.
    const indexes = () => Thing.collection.indexes().catch(() => []);
    await eventually(async () => (await indexes()).some((i) => i.name === 'outbox_pending'));
    const index = (await Thing.collection.indexes()).find((i) => i.name === 'outbox_pending');
    expect(index?.key).toEqual({ '_outbox.0.occurredAt': 1 });
    // The app's own index pass, run again with the declaration on the schema (a second app
    // on the connection), succeeds: the partial index is declared once, the same way.
    await expect(ensureIndexes(db)).resolves.toBeUndefined();
    await relay.stop();
  });

  it('publishes a write whose flush threw, and one whose flush never ran, by the sweep', async () => {
    const Thing = thingModel('Stranded');
    const { bus, published } = busFailing(1);
    const relay = new OutboxRelay(bus, [Thing], silent, 50, { fullSweepEveryMs: 200 });
    relay.start();
    await relay.sweep();
    const threw = makeEvent('things.thing.created', { id: 'a' });
    await Thing.create({ _id: 'a', n: 1, _outbox: [threw] });
    relay.flush(Thing, 'a'); // NATS refuses it: the entry stays
    const neverFlushed = makeEvent('things.thing.created', { id: 'b' });
    // Written, then the request threw before its flush.
    await Thing.create({ _id: 'b', n: 1, _outbox: [neverFlushed] });
    await eventually(async () => published.length >= 2, 5000, 25);
    // Each once (a retried publish would be dropped by JetStream's message id anyway).
    expect(published.sort()).toEqual([threw.id, neverFlushed.id].sort());
    const left = await Thing.find({ '_outbox.0': { $exists: true } }).lean();
    expect(left).toEqual([]);
    await relay.stop();
  });
});

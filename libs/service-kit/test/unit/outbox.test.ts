import { describe, expect, it } from 'vitest';
import type { Model } from 'mongoose';
import { makeEvent, type EventEnvelope } from '@momentum/contracts';
import type { EventBus } from '../../src/events/bus.js';
import { OutboxRelay, type OutboxDoc } from '../../src/events/outbox.js';

/** Just what the relay uses of a mongoose model, over a Map. */
class FakeModel {
  readonly docs = new Map<string, OutboxDoc>();
  scans = 0;
  failScans = 0;
  constructor(readonly modelName = 'Thing') {}

  put(id: string, ...types: string[]): EventEnvelope[] {
    const events = types.map((t) => makeEvent(t, { id }));
    this.docs.set(id, { _id: id, _outbox: events });
    return events;
  }
  append(id: string, ...types: string[]): EventEnvelope[] {
    const events = types.map((t) => makeEvent(t, { id }));
    const doc = this.docs.get(id) ?? { _id: id };
    this.docs.set(id, { _id: id, _outbox: [...(doc._outbox ?? []), ...events] });
    return events;
  }
  find() {
    this.scans++;
    const failing = this.failScans-- > 0;
    return {
      limit: (n: number) => ({
        lean: async () => {
          if (failing) throw new Error('engine down');
          return [...this.docs.values()]
            .filter((d) => d._outbox?.length)
            .slice(0, n)
            .map((d) => structuredClone(d));
        },
      }),
    };
  }
  reads = 0;
  findById(id: string) {
    this.reads++;
    return { lean: async () => structuredClone(this.docs.get(id) ?? null) };
  }
  async updateOne(filter: { _id: string }, update: { $pullAll: { _outbox: EventEnvelope[] } }) {
    const doc = this.docs.get(filter._id);
    const gone = new Set(update.$pullAll._outbox.map((e) => e.id));
    if (doc) doc._outbox = (doc._outbox ?? []).filter((e) => !gone.has(e.id));
  }
  outboxOf(id: string) {
    return this.docs.get(id)?._outbox ?? [];
  }
}

class FakeBus {
  readonly published: string[] = [];
  failNext = 0;
  async publish(event: EventEnvelope) {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('nats down');
    }
    this.published.push(event.id);
  }
}

const silent = { info() {}, warn() {}, error() {} };
const settle = () => new Promise((r) => setTimeout(r, 5));

function relayFor(model: FakeModel, bus = new FakeBus()) {
  const relay = new OutboxRelay(
    bus as unknown as EventBus,
    [model as unknown as Model<any>],
    silent,
    60_000,
  );
  return { relay, bus, m: model as unknown as Model<any> };
}

describe('OutboxRelay', () => {
  it('flush publishes a document’s events in order, then pulls them off', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model);
    const events = model.put('d1', 'things.thing.created', 'things.thing.updated');
    relay.flush(m, 'd1');
    await relay.stop();
    expect(bus.published).toEqual(events.map((e) => e.id));
    expect(model.outboxOf('d1')).toEqual([]);
  });

  it('sweeps once at startup for events a crash left behind, and not again while healthy', async () => {
    const model = new FakeModel();
    const { relay, bus } = relayFor(model);
    const left = model.put('d1', 'things.thing.created');
    relay.start();
    await settle();
    expect(bus.published).toEqual([left[0]!.id]);
    expect(model.scans).toBe(1);
    await relay.sweep();
    await relay.sweep();
    expect(model.scans).toBe(1);
    await relay.stop();
  });

  it('a failed flush marks the relay dirty: the next sweep publishes what it left, then it is clean again', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model);
    await relay.sweep();
    expect(model.scans).toBe(1);
    const events = model.put('d1', 'things.thing.created', 'things.thing.updated');
    bus.failNext = 1;
    relay.flush(m, 'd1');
    await settle();
    expect(model.outboxOf('d1')).toHaveLength(2);
    await relay.sweep();
    expect(model.scans).toBe(2);
    expect(bus.published).toEqual(events.map((e) => e.id));
    expect(model.outboxOf('d1')).toEqual([]);
    await relay.sweep();
    expect(model.scans).toBe(2);
    await relay.stop();
  });

  it('a failure after some events were published keeps them all for a replay with the same ids (dedup by message id)', async () => {
    const model = new FakeModel();
    const bus = new FakeBus();
    const { relay, m } = relayFor(model, bus);
    await relay.sweep();
    const [first, second] = model.put('d1', 'a.b.created', 'a.b.updated');
    const publish = bus.publish.bind(bus);
    let calls = 0;
    bus.publish = async (e) => {
      if (++calls === 2) throw new Error('nats down');
      return publish(e);
    };
    relay.flush(m, 'd1');
    await settle();
    expect(model.outboxOf('d1').map((e) => e.id)).toEqual([first!.id, second!.id]);
    await relay.sweep();
    expect(bus.published).toEqual([first!.id, first!.id, second!.id]);
    await relay.stop();
  });

  it('a failed sweep stays dirty and is retried', async () => {
    const model = new FakeModel();
    const { relay, bus } = relayFor(model);
    const events = model.put('d1', 'x.y.created');
    model.failScans = 1;
    await relay.sweep();
    expect(bus.published).toEqual([]);
    await relay.sweep();
    expect(bus.published).toEqual([events[0]!.id]);
    expect(model.scans).toBe(2);
    await relay.stop();
  });

  it('a full page (500 documents) leaves the relay dirty so the next sweep continues', async () => {
    const model = new FakeModel();
    const { relay, bus } = relayFor(model);
    for (let i = 0; i < 501; i++) model.put(`d${i}`, 'x.y.created');
    await relay.sweep();
    expect(bus.published).toHaveLength(500);
    await relay.sweep();
    expect(bus.published).toHaveLength(501);
    await relay.sweep();
    expect(model.scans).toBe(2);
    await relay.stop();
  });

  it('flushes asked for before the document is read are one: it publishes them all', async () => {
    const model = new FakeModel('Issue');
    const { relay, bus, m } = relayFor(model);
    const events = [1, 2, 3, 4, 5].flatMap((n) => {
      const added = model.append('d1', `x.y.v${n}`);
      relay.flush(m, 'd1');
      return added;
    });
    await settle();
    expect(model.reads).toBe(1);
    expect(bus.published).toEqual(events.map((e) => e.id));
    expect(model.outboxOf('d1')).toEqual([]);
    // Once a flush has read the document, a new write gets a flush of its own.
    const later = model.append('d1', 'x.y.v6');
    relay.flush(m, 'd1');
    await relay.stop();
    expect(model.reads).toBe(2);
    expect(bus.published.at(-1)).toBe(later[0]!.id);
  });

  it('a flush given the outbox as written publishes it and pulls it off without reading', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model);
    const events = model.put('d1', 'x.y.created', 'x.y.updated');
    relay.flush(m, 'd1', model.outboxOf('d1'));
    await relay.stop();
    expect(model.reads).toBe(0);
    expect(bus.published).toEqual(events.map((e) => e.id));
    expect(model.outboxOf('d1')).toEqual([]);
  });

  it('flushes joined before the first starts publish every writer’s events once; one that did not say makes it read', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model);
    const first = model.append('d1', 'x.y.v1');
    relay.flush(m, 'd1', model.outboxOf('d1'));
    const second = model.append('d1', 'x.y.v2');
    relay.flush(m, 'd1', model.outboxOf('d1'));
    await settle();
    expect(model.reads).toBe(0);
    expect(bus.published).toEqual([...first, ...second].map((e) => e.id));

    const third = model.append('d1', 'x.y.v3');
    relay.flush(m, 'd1', model.outboxOf('d1'));
    const fourth = model.append('d1', 'x.y.v4');
    relay.flush(m, 'd1');
    await relay.stop();
    expect(model.reads).toBe(1);
    expect(bus.published.slice(2)).toEqual([...third, ...fourth].map((e) => e.id));
    expect(model.outboxOf('d1')).toEqual([]);
  });

  it('stop waits for flushes in flight; after stop nothing is flushed or swept', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model);
    model.put('d1', 'x.y.created');
    relay.flush(m, 'd1');
    await relay.stop();
    expect(bus.published).toHaveLength(1);
    model.put('d2', 'x.y.created');
    relay.flush(m, 'd2');
    await relay.sweep();
    await settle();
    expect(bus.published).toHaveLength(1);
  });
});

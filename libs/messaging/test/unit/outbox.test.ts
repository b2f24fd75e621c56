import { describe, expect, it, vi } from 'vitest';
import type { Model } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import type { EventBus, Logger } from '../../src/bus.js';
import { OutboxRelay, type OutboxDoc } from '../../src/outbox.js';
import { metricsRegistry, outboxGaugeFailures } from '@momentum/telemetry';

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
    const lean = (n: number) => async () => {
      if (failing) throw new Error('engine down');
      return [...this.docs.values()]
        .filter((d) => d._outbox?.length)
        .slice(0, n)
        .map((d) => structuredClone(d));
    };
    const limit = (n: number) => ({ lean: lean(n), maxTimeMS: () => ({ lean: lean(n) }) });
    return { sort: () => ({ limit }), limit };
  }
  reads = 0;
  findById(id: string) {
    this.reads++;
    return { lean: async () => structuredClone(this.docs.get(id) ?? null) };
  }
  // The relay pulls published entries off through the driver's collection, several
  // documents a command when it can (bulkWrite).
  pullCommands: number[] = [];
  readonly collection = {
    updateOne: (filter: { _id: string }, update: Pull) => {
      this.pullCommands.push(1);
      return this.updateOne(filter, update);
    },
    bulkWrite: async (ops: Array<{ updateOne: { filter: { _id: string }; update: Pull } }>) => {
      this.pullCommands.push(ops.length);
      let matchedCount = 0;
      for (const { updateOne } of ops)
        matchedCount += (await this.updateOne(updateOne.filter, updateOne.update)).matchedCount;
      return { matchedCount };
    },
    createIndex: async () => 'pending',
  };
  /** The pull, and what a settling flush joins to it: fields matched whole, `$unset`. */
  async updateOne(
    { _id, ...also }: { _id: string } & Record<string, unknown>,
    update: Pull & { $unset?: Record<string, ''> },
  ) {
    const doc = this.docs.get(_id) as (OutboxDoc & Record<string, unknown>) | undefined;
    const matches = (field: string) => JSON.stringify(doc?.[field]) === JSON.stringify(also[field]);
    if (!doc || !Object.keys(also).every(matches)) return { matchedCount: 0 };
    const gone = new Set(update.$pull._outbox.id.$in);
    doc._outbox = (doc._outbox ?? []).filter((e) => !gone.has(e.id));
    for (const field of Object.keys(update.$unset ?? {})) delete doc[field];
    return { matchedCount: 1 };
  }
  outboxOf(id: string) {
    return this.docs.get(id)?._outbox ?? [];
  }
}

type Pull = { $pull: { _outbox: { id: { $in: string[] } } } };

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

/** Core NATS as PeerWatch uses it, recording what is said. */
class FakeNats {
  readonly said: string[] = [];
  subscribe() {
    return { unsubscribe() {} };
  }
  publish(_subject: string, data: Uint8Array) {
    this.said.push(new TextDecoder().decode(data));
  }
  isClosed() {
    return false;
  }
}
const settle = () => new Promise((r) => setTimeout(r, 5));

function relayFor(
  model: FakeModel,
  bus = new FakeBus(),
  // The publish window at 0 (the end of the turn) unless a test is about the window.
  { every = 60_000, full = 60_000, log = silent as Logger, window = 0 } = {},
) {
  const relay = new OutboxRelay(
    bus as unknown as EventBus,
    [model as unknown as Model<any>],
    log,
    every,
    { fullSweepEveryMs: full, publishWindowMs: window },
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

  it('pulls asked for while one is out go out together, one command for many documents', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model);
    const ids = ['d1', 'd2', 'd3', 'd4', 'd5'];
    const events = ids.flatMap((id) => model.put(id, 'things.thing.created'));
    for (const id of ids) relay.flush(m, id);
    await relay.stop();
    expect(bus.published).toEqual(events.map((e) => e.id));
    for (const id of ids) expect(model.outboxOf(id)).toEqual([]);
    // Asked for in one turn of the event loop: all five in one command at its end.
    expect(model.pullCommands).toEqual([5]);
  });

  it('flushes asked for in separate turns within the publish window publish together when it closes', async () => {
    const model = new FakeModel();
    // Long beside three turns, so a slow machine still has them all inside it.
    const { relay, bus, m } = relayFor(model, new FakeBus(), { window: 300 });
    // The turn of the event loop each publish ran in: one turn, one socket write.
    let turn = 0;
    const turns: number[] = [];
    const publish = bus.publish.bind(bus);
    bus.publish = (event) => (turns.push(turn), publish(event));
    const events: EventEnvelope[] = [];
    for (const id of ['d1', 'd2', 'd3']) {
      events.push(...model.put(id, 'things.thing.created'));
      relay.flush(m, id, model.outboxOf(id));
      await new Promise((r) => setImmediate(r));
      turn++;
    }
    expect(bus.published).toEqual([]);
    await vi.waitFor(() => expect(bus.published).toHaveLength(3), { timeout: 2000, interval: 10 });
    expect(bus.published).toEqual(events.map((e) => e.id));
    expect(turns).toEqual([3, 3, 3]);
    await relay.stop();
    for (const id of ['d1', 'd2', 'd3']) expect(model.outboxOf(id)).toEqual([]);
  });

  it('stop publishes what waits for the window at once', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model, new FakeBus(), { window: 60_000 });
    const events = model.put('d1', 'things.thing.created');
    relay.flush(m, 'd1', model.outboxOf('d1'));
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

  it('a held flush publishes at once; joined, its pull and the writer’s next write are one update', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model);
    const events = model.put('d1', 'things.thing.done');
    Object.assign(model.docs.get('d1')!, { waiting: [{ id: 'x1' }], since: 1 });
    const pull = relay.flushHolding(m, 'd1', events);
    await settle();
    expect(bus.published).toEqual(events.map((e) => e.id));
    expect(model.pullCommands).toEqual([]);
    const otherwise = vi.fn(async () => undefined);
    pull.join({
      filter: { waiting: [{ id: 'x1' }] },
      update: { $unset: { waiting: '', since: '' } },
      otherwise,
    });
    await relay.stop();
    expect(model.docs.get('d1')).toEqual({ _id: 'd1', _outbox: [] });
    expect(model.pullCommands).toEqual([1]);
    expect(otherwise).not.toHaveBeenCalled();
  });

  it('a held flush joined to a write whose document changed pulls alone and leaves that write to its writer', async () => {
    const model = new FakeModel();
    const { relay, m } = relayFor(model);
    const events = model.put('d1', 'things.thing.done');
    Object.assign(model.docs.get('d1')!, { waiting: [{ id: 'x1' }, { id: 'x2' }] });
    const otherwise = vi.fn(async () => undefined);
    relay.flushHolding(m, 'd1', events).join({
      filter: { waiting: [{ id: 'x1' }] },
      update: { $unset: { waiting: '' } },
      otherwise,
    });
    await relay.stop();
    expect(model.outboxOf('d1')).toEqual([]);
    expect(model.docs.get('d1')).toMatchObject({ waiting: [{ id: 'x1' }, { id: 'x2' }] });
    expect(model.pullCommands).toEqual([1, 1]);
    expect(otherwise).toHaveBeenCalledTimes(1);
  });

  it('held flushes joined meanwhile go out together: one command for their pulls and writes', async () => {
    const model = new FakeModel();
    const { relay, m } = relayFor(model);
    const ids = ['d1', 'd2', 'd3', 'd4'];
    const otherwise = vi.fn(async () => undefined);
    for (const id of ids) {
      const events = model.put(id, 'things.thing.done');
      Object.assign(model.docs.get(id)!, { waiting: [{ id: `x-${id}` }], since: 1 });
      relay.flushHolding(m, id, events).join({
        filter: { waiting: [{ id: `x-${id}` }] },
        update: { $unset: { waiting: '', since: '' } },
        otherwise,
      });
    }
    await relay.stop();
    for (const id of ids) expect(model.docs.get(id)).toEqual({ _id: id, _outbox: [] });
    // Joined in one turn of the event loop: all four in one command at its end.
    expect(model.pullCommands).toEqual([4]);
    expect(otherwise).not.toHaveBeenCalled();
  });

  it('a batch that matched fewer statements than it held sends each of its joined writes its own way', async () => {
    const model = new FakeModel();
    const { relay, m } = relayFor(model);
    const join = (id: string, waiting: Array<{ id: string }>, otherwise: () => Promise<void>) => {
      const events = model.put(id, 'things.thing.done');
      Object.assign(model.docs.get(id)!, { waiting });
      relay.flushHolding(m, id, events).join({
        filter: { waiting: [{ id: `x-${id}` }] },
        update: { $unset: { waiting: '' } },
        otherwise,
      });
    };
    const first = vi.fn(async () => undefined);
    const held = vi.fn(async () => undefined);
    const changed = vi.fn(async () => undefined);
    join('d1', [{ id: 'x-d1' }], first);
    join('d2', [{ id: 'x-d2' }], held);
    // Another entry came meanwhile: its filter no longer matches.
    join('d3', [{ id: 'x-d3' }, { id: 'x-other' }], changed);
    await relay.stop();
    expect(model.pullCommands.slice(0, 2)).toEqual([3, 3]);
    // One turn, one batch of three. Its reply cannot say which statement missed: every joined
    // write goes its own way (for d1 and d2 a no-op, their statements applied); every pull
    // is made.
    expect(first).toHaveBeenCalledTimes(1);
    expect(held).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
    for (const id of ['d1', 'd2', 'd3']) expect(model.outboxOf(id)).toEqual([]);
    expect(model.docs.get('d2')).toEqual({ _id: 'd2', _outbox: [] });
    expect(model.docs.get('d3')).toMatchObject({ waiting: [{ id: 'x-d3' }, { id: 'x-other' }] });
  });

  it('a held flush NATS refuses pulls nothing and leaves the events to the sweep; the joined write is made', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model);
    const events = model.put('d1', 'things.thing.done');
    bus.failNext = 1;
    const otherwise = vi.fn(async () => undefined);
    relay.flushHolding(m, 'd1', events).join({
      filter: {},
      update: { $unset: { waiting: '' } },
      otherwise,
    });
    await settle();
    expect(model.pullCommands).toEqual([]);
    expect(otherwise).toHaveBeenCalledTimes(1);
    await relay.sweep();
    expect(bus.published).toEqual(events.map((e) => e.id));
    expect(model.outboxOf('d1')).toEqual([]);
    await relay.stop();
  });

  it('a held flush let go alone pulls like a flush', async () => {
    const model = new FakeModel();
    const { relay, bus, m } = relayFor(model);
    const events = model.put('d1', 'things.thing.done');
    relay.flushHolding(m, 'd1', events).alone();
    await relay.stop();
    expect(bus.published).toEqual(events.map((e) => e.id));
    expect(model.outboxOf('d1')).toEqual([]);
    expect(model.pullCommands).toEqual([1]);
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

  it('sweeps on a timer even when nothing marked it dirty: a write whose flush never ran is published', async () => {
    const model = new FakeModel();
    const { relay, bus } = relayFor(model, new FakeBus(), { every: 10, full: 40 });
    relay.start();
    await settle();
    // Written, then the process threw before asking for a flush: nothing marks it dirty.
    const stranded = model.put('d1', 'x.y.created');
    await new Promise((r) => setTimeout(r, 150));
    expect(bus.published).toEqual([stranded[0]!.id]);
    expect(model.outboxOf('d1')).toEqual([]);
    await relay.stop();
  });

  it('a gauge read that fails is logged, counted and shown as NaN, not 0', async () => {
    const model = new FakeModel();
    const warnings: string[] = [];
    const log = { ...silent, warn: (_o: unknown, msg: string) => void warnings.push(msg) };
    const { relay } = relayFor(model, new FakeBus(), { log });
    relay.start();
    await relay.sweep();
    model.put('d1', 'x.y.created');
    model.failScans = 1;
    const before = (await outboxGaugeFailures.get()).values[0]?.value ?? 0;
    const waiting = (await metricsRegistry.getSingleMetric('outbox_entries_waiting')!.get())
      .values[0]?.value;
    expect(waiting).toBeNaN();
    expect((await outboxGaugeFailures.get()).values[0]?.value).toBe(before + 1);
    expect(warnings).toContain('outbox gauges: the backlog could not be read');
    await relay.stop();
  });

  it('says goodbye to the other replicas only after its flushes settled, and not after one failed', async () => {
    const nc = new FakeNats();
    const model = new FakeModel();
    const bus = Object.assign(new FakeBus(), { nc, prefix: 't' });
    const publish = bus.publish.bind(bus);
    const order: string[] = [];
    bus.publish = async (e) => {
      await new Promise((r) => setTimeout(r, 30));
      await publish(e);
      order.push('published');
    };
    const { relay, m } = relayFor(model, bus);
    relay.start();
    await relay.sweep();
    model.put('d1', 'x.y.created');
    relay.flush(m, 'd1');
    const stopping = relay.stop();
    const saidBye = () => nc.said.some((said) => said.includes('"bye":true'));
    expect(saidBye()).toBe(false);
    await stopping;
    order.push(saidBye() ? 'bye' : 'no bye');
    expect(order).toEqual(['published', 'bye']);

    // A relay whose flush failed leaves as a lost one does: the others sweep after it.
    const nc2 = new FakeNats();
    const failing = Object.assign(new FakeBus(), { nc: nc2, prefix: 't', failNext: 1 });
    const other = relayFor(new FakeModel(), failing);
    other.relay.start();
    await other.relay.sweep();
    const m2 = other.m as unknown as FakeModel;
    (other.m as unknown as FakeModel).put('d2', 'x.y.created');
    other.relay.flush(other.m, 'd2');
    await other.relay.stop();
    expect(m2.outboxOf('d2')).toHaveLength(1);
    expect(nc2.said.some((said) => said.includes('"bye":true'))).toBe(false);
  });
});

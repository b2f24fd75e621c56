import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventTypes, type Actor } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { metricsRegistry, watchLiveStreams } from '@momentum/telemetry';
import { LiveFeed } from '../../src/live/feed.js';
import type { LiveHub, LiveSubscriber } from '../../src/live/hub.js';
import { decodeLiveEvent, frameOf, type LiveEvent } from '../../src/live/live-event.js';
import { KeyStreams } from '../../src/live/key-streams.js';
import { SseWriter } from '../../src/live/sse-writer.js';
import { streamTypes } from '../../src/live/stream-types.js';
import { visibleTo, type Viewer } from '../../src/live/visibility.js';

const viewer = (over: Partial<Viewer> = {}): Viewer => ({
  type: 'user',
  id: 'u1',
  userId: 'u1',
  teamIds: new Set(['t1']),
  types: new Set(['notification', 'issue.created', 'task.created', 'membership.removed']),
  keyId: 'k1',
  ...over,
});

let seq = 0;
const live = (source: string, data: unknown, team: string | null = null) =>
  decodeLiveEvent(++seq, source, makeEvent(source, data), async () => team);

/** A hub that holds what was published, for feeds to read and replay. */
function fakeHub(): LiveHub & { publish(event: LiveEvent): void; log: LiveEvent[] } {
  const subscribers = new Set<LiveSubscriber>();
  const log: LiveEvent[] = [];
  const hub = {
    log,
    position: 0,
    attach: (s: LiveSubscriber) => (subscribers.add(s), hub.position),
    detach: (s: LiveSubscriber) => void subscribers.delete(s),
    // Offers every event to every feed: the routes are live-routes.test.ts's.
    refile: () => undefined,
    bounds: async () => ({ first: log[0]?.seq ?? 0, last: hub.position }),
    async *replay(from: number, to: number) {
      for (const e of log) if (e.seq >= from && e.seq <= to) yield e;
    },
    publish(event: LiveEvent) {
      log.push(event);
      hub.position = event.seq;
      for (const s of subscribers) s.deliver(event);
    },
  };
  return hub as unknown as LiveHub & { publish(event: LiveEvent): void; log: LiveEvent[] };
}

describe('live stream: who sees what', () => {
  it('shows an issue to the members of its team, a notification to its recipient alone', async () => {
    const issue = await live(EventTypes.issues.issueCreated, { id: 'i1', projectId: 'p1' }, 't1');
    expect(visibleTo(viewer(), issue)).toBe(true);
    expect(visibleTo(viewer({ teamIds: new Set(['t2']) }), issue)).toBe(false);
    expect(visibleTo(viewer({ types: new Set(['notification']) }), issue)).toBe(false);
    const note = await live(EventTypes.notifications.notificationCreated, {
      recipient: { type: 'user', id: 'u1' },
      notification: { id: 'n1' },
    });
    expect(visibleTo(viewer(), note)).toBe(true);
    expect(visibleTo(viewer({ id: 'u2', userId: 'u2' }), note)).toBe(false);
    // An agent with the same id as nobody's user: the recipient's type must match too.
    expect(visibleTo(viewer({ type: 'agent' }), note)).toBe(false);
    expect(frameOf(note).toString()).toBe(
      `id: ${note.seq}\nevent: notification\ndata: {"id":"n1"}\n\n`,
    );
  });

  it('sends only the catalogue fields of a domain event, in the webhook envelope', async () => {
    const task = await live(EventTypes.habits.taskCreated, {
      id: 'x',
      userId: 'u1',
      teamId: null,
      title: 'T',
      secretInternal: 'never',
    });
    expect(task.payload).toEqual({
      type: 'task.created',
      timestamp: expect.any(String),
      data: { id: 'x', userId: 'u1', teamId: null, title: 'T', actor: null },
    });
  });

  it('never shows an event of a team the viewer is not in, including right after removal', async () => {
    const teams = ['t1', 't2', 't3'];
    const step = fc.oneof(
      fc.record({ kind: fc.constant('issue' as const), team: fc.constantFrom(...teams) }),
      fc.record({ kind: fc.constant('removed' as const), team: fc.constantFrom(...teams) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(teams),
        fc.array(step, { maxLength: 30 }),
        async (start, steps) => {
          const hub = fakeHub();
          const member = new Set(start);
          const got: LiveEvent[] = [];
          const feed = new LiveFeed(
            {
              hub,
              viewer: viewer({ teamIds: new Set(start), types: new Set(['issue.created']) }),
              // Identity, asked again, knows the removals already.
              recheck: async () => ({ teamIds: [...member] }) as Actor,
              bufferMax: 100,
            },
            {
              event: (e) => got.push(e),
              reset: () => undefined,
              ready: () => undefined,
              end: () => undefined,
            },
          );
          await feed.open(null);
          const allowedAt = new Map<number, boolean>();
          const events: LiveEvent[] = [];
          for (const s of steps) {
            if (s.kind === 'removed') {
              member.delete(s.team);
              events.push(
                await live(EventTypes.identity.membershipRemoved, { teamId: s.team, userId: 'u1' }),
              );
            } else {
              const event = await live(
                EventTypes.issues.issueCreated,
                { id: `i${seq}`, projectId: s.team },
                s.team,
              );
              allowedAt.set(event.seq, member.has(s.team));
              events.push(event);
            }
          }
          // All at once, as a burst: no recheck can answer between a removal and what follows.
          for (const event of events) hub.publish(event);
          await new Promise((r) => setImmediate(r));
          for (const e of got) expect(allowedAt.get(e.seq)).toBe(true);
          // And every allowed one arrived, once, in order.
          expect(got.map((e) => e.seq)).toEqual(
            [...allowedAt].filter(([, ok]) => ok).map(([s]) => s),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('resumes after a cursor: each later event once, in order; an unknown cursor resets first', async () => {
    const hub = fakeHub();
    const made: LiveEvent[] = [];
    for (let i = 0; i < 6; i++) {
      const e = await live(EventTypes.issues.issueCreated, { id: `r${i}`, projectId: 'p' }, 't1');
      made.push(e);
      hub.publish(e);
    }
    const got: string[] = [];
    const on = {
      event: (e: LiveEvent) => got.push(`${e.seq}`),
      reset: () => got.push('reset'),
      ready: (after: number) => got.push(`ready ${after}`),
      end: () => undefined,
    };
    const options = { hub, viewer: viewer(), recheck: async () => null, bufferMax: 100 };
    await new LiveFeed(options, on).open(made[2]!.seq);
    expect(got).toEqual([...made.slice(3).map((e) => `${e.seq}`), `ready ${made[5]!.seq}`]);
    got.length = 0;
    await new LiveFeed(options, on).open(made[5]!.seq + 1000);
    expect(got).toEqual(['reset', `ready ${made[5]!.seq}`]);
  });

  it('ends the feed when the key is no longer accepted', async () => {
    const hub = fakeHub();
    const ended: string[] = [];
    const feed = new LiveFeed(
      { hub, viewer: viewer(), recheck: async () => null, bufferMax: 100 },
      {
        event: () => undefined,
        reset: () => undefined,
        ready: () => undefined,
        end: (r) => ended.push(r),
      },
    );
    await feed.open(null);
    hub.publish(await live(EventTypes.identity.keyRevoked, { keyId: 'k1', userId: 'u1' }));
    await new Promise((r) => setImmediate(r));
    expect(ended).toEqual(['revoked']);
  });
});

describe('live stream: bounds', () => {
  it('drops a client that stops reading once more than the queue waits, and writes in order', () => {
    const written: string[] = [];
    let drain: (() => void) | null = null;
    let full = false;
    const res = {
      write: (chunk: string) => (written.push(chunk), !full),
      once: (_: 'drain', listener: () => void) => (drain = listener),
    };
    let dropped = 0;
    const writer = new SseWriter(res, 3, () => dropped++);
    writer.write('a');
    full = true;
    writer.write('b'); // taken by the socket, which is now full
    for (const frame of ['c', 'd', 'e']) writer.write(frame);
    expect(written).toEqual(['a', 'b']);
    full = false;
    drain!();
    expect(written).toEqual(['a', 'b', 'c', 'd', 'e']);
    full = true;
    writer.write('f');
    for (const frame of ['g', 'h', 'i', 'j']) writer.write(frame);
    expect(dropped).toBe(1);
    writer.write('k');
    expect(written).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('counts the open streams on scrape', async () => {
    watchLiveStreams(() => 3);
    expect(await metricsRegistry.getSingleMetricAsString('live_streams_open')).toMatch(
      /^live_streams_open(\{[^}]*\})? 3$/m,
    );
  });

  it('holds a bounded number of streams per key', () => {
    const streams = new KeyStreams(2);
    expect([streams.acquire('k'), streams.acquire('k'), streams.acquire('k')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(streams.acquire('other')).toBe(true);
    streams.release('k');
    expect(streams.acquire('k')).toBe(true);
    expect(streams.total).toBe(3);
  });

  it('takes the types a key may read; an unknown one is 422, one it may not read 403', () => {
    expect(streamTypes('notification, issue.updated', null)).toEqual(
      new Set(['notification', 'issue.updated']),
    );
    expect([...streamTypes(undefined, ['tasks:read'])].every((t) => t.startsWith('task.'))).toBe(
      true,
    );
    expect(() => streamTypes('issue.exploded', null)).toThrow(
      expect.objectContaining({
        statusCode: 422,
        details: expect.objectContaining({ rule: 'unknown_type' }),
      }),
    );
    expect(() => streamTypes('issue.created', ['tasks:read'])).toThrow(
      expect.objectContaining({ statusCode: 403, details: { requiredScope: 'issues:read' } }),
    );
    expect(() => streamTypes(undefined, ['keys:read'])).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });
});

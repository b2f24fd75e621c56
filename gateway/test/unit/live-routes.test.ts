import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EventTypes, type Actor } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { LiveFeed, type EndReason } from '../../src/live/feed.js';
import type { LiveHub, LiveSubscriber } from '../../src/live/hub.js';
import { decodeLiveEvent, type LiveEvent } from '../../src/live/live-event.js';
import { eventRoutes, viewerRoutes } from '../../src/live/routes.js';
import { LIVE_TYPES } from '../../src/live/stream-types.js';
import { SubscriberIndex } from '../../src/live/subscriber-index.js';
import type { Viewer } from '../../src/live/visibility.js';

let seq = 0;
const live = (source: string, data: unknown, team: string | null = null) =>
  decodeLiveEvent(++seq, source, makeEvent(source, data), async () => team);

type TestHub = LiveHub & { publish(event: LiveEvent): void };

/** A hub offering each event to every feed (as before the index), or by routes. */
function hub(indexed: boolean): TestHub {
  const all = new Set<LiveSubscriber>();
  const index = new SubscriberIndex<LiveSubscriber>();
  const fake = {
    position: 0,
    attach: (s: LiveSubscriber) => (indexed ? index.add(s, s.routes()) : all.add(s), fake.position),
    detach: (s: LiveSubscriber) => (indexed ? index.remove(s) : all.delete(s), undefined),
    refile: (s: LiveSubscriber) => index.refile(s, s.routes()),
    bounds: async () => ({ first: 0, last: fake.position }),
    async *replay() {},
    publish(event: LiveEvent) {
      fake.position = event.seq;
      if (indexed) index.forEach(eventRoutes(event), (s) => s.deliver(event));
      else for (const s of all) s.deliver(event);
    },
  };
  return fake as unknown as TestHub;
}

const TEAMS = ['t1', 't2', 't3'];
const USERS = ['u1', 'u2', 'u3'];

const viewerArb = fc.record({
  type: fc.constantFrom('user' as const, 'agent' as const),
  id: fc.constantFrom(...USERS, 'a1'),
  userId: fc.constantFrom(...USERS),
  keyId: fc.constantFrom('k1', 'k2', 'k3'),
  types: fc.subarray([...LIVE_TYPES], { minLength: 1 }),
});

const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('issue' as const), team: fc.constantFrom(...TEAMS) }),
  fc.record({
    kind: fc.constant('task' as const),
    user: fc.constantFrom(...USERS),
    team: fc.option(fc.constantFrom(...TEAMS)),
  }),
  fc.record({
    kind: fc.constant('note' as const),
    type: fc.constantFrom('user', 'agent'),
    id: fc.constantFrom(...USERS, 'a1'),
  }),
  fc.record({
    kind: fc.constantFrom('removed' as const, 'added' as const),
    team: fc.constantFrom(...TEAMS),
    user: fc.constantFrom(...USERS),
  }),
  fc.record({ kind: fc.constant('revoked' as const), keyId: fc.constantFrom('k1', 'k2', 'k3') }),
  fc.record({ kind: fc.constant('agent' as const), id: fc.constantFrom('a1', 'u1') }),
  fc.constant({ kind: 'pause' as const }),
);
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

/** The event of a step, after the model (what identity would answer) took it in. */
async function eventOf(
  step: Exclude<Step, { kind: 'pause' }>,
  teams: Map<string, Set<string>>,
  revoked: Set<string>,
): Promise<LiveEvent> {
  switch (step.kind) {
    case 'issue':
      return live(EventTypes.issues.issueCreated, { id: `i${seq}`, projectId: 'p' }, step.team);
    case 'task':
      return live(EventTypes.habits.taskCreated, {
        id: `x${seq}`,
        userId: step.user,
        teamId: step.team,
      });
    case 'note':
      return live(EventTypes.notifications.notificationCreated, {
        recipient: { type: step.type, id: step.id },
        notification: { id: `n${seq}` },
      });
    case 'removed':
    case 'added': {
      const member = teams.get(step.user)!;
      if (step.kind === 'removed') member.delete(step.team);
      else member.add(step.team);
      const source =
        step.kind === 'removed'
          ? EventTypes.identity.membershipRemoved
          : EventTypes.identity.membershipAdded;
      return live(source, { teamId: step.team, userId: step.user });
    }
    case 'revoked':
      revoked.add(step.keyId);
      return live(EventTypes.identity.keyRevoked, { keyId: step.keyId, userId: 'u1' });
    case 'agent':
      return live(EventTypes.agents.agentUpdated, { id: step.id, ownerId: 'u1' });
  }
}

describe('live stream: routes and the subscriber index', () => {
  it('gives every stream, offered only its routes, exactly what it gets offered every event', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(viewerArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.subarray(TEAMS), { minLength: USERS.length, maxLength: USERS.length }),
        fc.array(stepArb, { maxLength: 40 }),
        async (viewers, startTeams, steps) => {
          const teams = new Map(USERS.map((u, i) => [u, new Set(startTeams[i])]));
          const revoked = new Set<string>();
          const hubs = [hub(false), hub(true)];
          const seen = hubs.map(() => viewers.map(() => [] as string[]));
          for (const [h, testHub] of hubs.entries())
            for (const [v, spec] of viewers.entries()) {
              const viewer: Viewer = {
                ...spec,
                teamIds: new Set(teams.get(spec.userId)),
                types: new Set(spec.types),
              };
              // Identity, asked again, knows every change already.
              const recheck = async () =>
                revoked.has(spec.keyId)
                  ? null
                  : ({ teamIds: [...teams.get(spec.userId)!] } as unknown as Actor);
              const feed = new LiveFeed(
                { hub: testHub, viewer, recheck, bufferMax: 1000 },
                {
                  event: (e) => seen[h]![v]!.push(`${e.seq}`),
                  reset: () => undefined,
                  ready: () => undefined,
                  end: (reason: EndReason) => seen[h]![v]!.push(`end ${reason}`),
                },
              );
              await feed.open(null);
            }
          for (const step of steps) {
            if (step.kind === 'pause') await new Promise((r) => setImmediate(r));
            else {
              const event = await eventOf(step, teams, revoked);
              for (const testHub of hubs) testHub.publish(event);
            }
          }
          await new Promise((r) => setImmediate(r));
          expect(seen[1]).toEqual(seen[0]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('routes every event a viewer may see, or whose access it changes, to that viewer', async () => {
    const viewer: Viewer = {
      type: 'user',
      id: 'u1',
      userId: 'u1',
      teamIds: new Set(['t1']),
      types: new Set(LIVE_TYPES),
      keyId: 'k1',
    };
    const shares = async (event: Promise<LiveEvent>) => {
      const routes = eventRoutes(await event);
      return routes === null || routes.some((r) => viewerRoutes(viewer).includes(r));
    };
    expect(await shares(live(EventTypes.issues.issueCreated, { projectId: 'p' }, 't1'))).toBe(true);
    expect(await shares(live(EventTypes.issues.issueCreated, { projectId: 'p' }, 't2'))).toBe(
      false,
    );
    expect(await shares(live(EventTypes.habits.taskCreated, { userId: 'u1', teamId: null }))).toBe(
      true,
    );
    expect(await shares(live(EventTypes.habits.taskCreated, { userId: 'u2', teamId: 't1' }))).toBe(
      true,
    );
    expect(await shares(live(EventTypes.habits.taskCreated, { userId: 'u2', teamId: 't2' }))).toBe(
      false,
    );
    const note = (type: string, id: string) =>
      live(EventTypes.notifications.notificationCreated, {
        recipient: { type, id },
        notification: { id: 'n' },
      });
    expect(await shares(note('user', 'u1'))).toBe(true);
    expect(await shares(note('agent', 'u1'))).toBe(false);
    // A change of someone else's access goes to every stream: each applies it to its viewer.
    expect(
      await shares(live(EventTypes.identity.membershipRemoved, { teamId: 't9', userId: 'u9' })),
    ).toBe(true);
  });

  it('offers an event once to a subscriber under two of its routes, and follows refiling', () => {
    const index = new SubscriberIndex<string>();
    index.add('a', ['user:u1', 'team:t1']);
    index.add('b', ['user:u2', 'team:t1']);
    index.add('c', ['user:u3', 'team:t2']);
    const offered = (routes: readonly string[] | null) => {
      const got: string[] = [];
      index.forEach(routes, (s) => got.push(s));
      return got.sort();
    };
    expect(offered(['user:u1', 'team:t1'])).toEqual(['a', 'b']);
    expect(offered(['team:t2'])).toEqual(['c']);
    expect(offered(['team:t9'])).toEqual([]);
    expect(offered(null)).toEqual(['a', 'b', 'c']);
    // A subscriber refiled while an event is offered (it applied a removal) gets it once.
    const visits: string[] = [];
    index.forEach(null, (s) => {
      visits.push(s);
      index.refile(s, s === 'a' ? ['user:u1'] : ['user:u9', 'team:t1']);
    });
    expect(visits.sort()).toEqual(['a', 'b', 'c']);
    expect(offered(['team:t1'])).toEqual(['b', 'c']);
    expect(offered(['user:u1'])).toEqual(['a']);
    index.remove('b');
    index.refile('b', ['team:t1']);
    expect(offered(['team:t1'])).toEqual(['c']);
    expect(index.size).toBe(2);
  });
});

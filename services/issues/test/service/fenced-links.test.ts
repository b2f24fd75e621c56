import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssuesConfigSchema } from '../../src/config.js';
import { testConfig } from '@momentum/testing';
import { call, createIssue, newWorld, startHarness, type Harness } from '../support/harness.js';

const LEASE_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The graph rules under a holder that stalls between its cycle check and its write for
 * longer than its lease: two processes on one database, the first paused (a test hook) at
 * the worst moment while the second makes the opposite link. Leases last 1 s here.
 */
describe('issues: fenced link leases', () => {
  let paused: Harness;
  let other: Harness;
  /** How long the next link write of `paused` stalls after its check passed. */
  let stall = 0;
  /** Resolves when `paused` reached its stall point. */
  let reached: () => void = () => undefined;
  let atStall = new Promise<void>((r) => (reached = r));
  const stallNext = (ms: number) => {
    stall = ms;
    atStall = new Promise<void>((r) => (reached = r));
  };

  beforeAll(async () => {
    const config = IssuesConfigSchema.parse(testConfig());
    const leases = { durationMs: LEASE_MS, waitMs: 5000 };
    paused = await startHarness(config, undefined, {
      leases,
      hooks: {
        beforeLinkWrite: async () => {
          const ms = stall;
          stall = 0;
          reached();
          if (ms) await sleep(ms);
        },
      },
    });
    other = await startHarness(config, paused, { leases });
  });
  afterAll(async () => {
    await other.close();
    await paused.close();
  });

  const blockers = async (h: Harness, w: ReturnType<typeof newWorld>, id: string) =>
    (await call(h, w.owner, 'GET', `/api/tasks/${id}/blockers`)).json().data;

  it('a blocker whose holder stalled past its lease is not written; the opposite one is', async () => {
    const w = newWorld(paused, 'FNB');
    const [x, y] = await Promise.all([createIssue(paused, w), createIssue(paused, w)]);
    stallNext(3 * LEASE_MS);
    const first = call(paused, w.owner, 'POST', `/api/tasks/${x.id}/blockers`, {
      blockedById: y.id,
    });
    await atStall;
    // The first holder checked "y does not reach x" and stalls; its lease expires on the
    // engine's clock and the second process takes it over and links the other way.
    const second = await call(other, w.owner, 'POST', `/api/tasks/${y.id}/blockers`, {
      blockedById: x.id,
    });
    expect(second.statusCode).toBe(201);
    const late = await first;
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('1');
    expect(late.json().error.code).toBe('SERVICE_UNAVAILABLE');
    // One link stored, y blocked by x: no cycle.
    expect((await blockers(other, w, x.id)).blockedBy).toEqual([]);
    expect((await blockers(other, w, y.id)).blockedBy).toEqual([
      expect.objectContaining({ issueId: y.id, blockedById: x.id }),
    ]);
    // Retried, the late one is now refused as the cycle it would close.
    const retried = await call(paused, w.owner, 'POST', `/api/tasks/${x.id}/blockers`, {
      blockedById: y.id,
    });
    expect(retried.statusCode).toBe(409);
    expect(retried.json().error.details).toMatchObject({ rule: 'cycle' });
  });

  it('a parent move whose holder stalled past its lease is not written; the opposite one is', async () => {
    const w = newWorld(paused, 'FNP');
    const [x, y] = await Promise.all([createIssue(paused, w), createIssue(paused, w)]);
    stallNext(3 * LEASE_MS);
    const first = call(paused, w.owner, 'PATCH', `/api/tasks/${x.id}`, { parentId: y.id });
    await atStall;
    const second = await call(other, w.owner, 'PATCH', `/api/tasks/${y.id}`, { parentId: x.id });
    expect(second.statusCode).toBe(200);
    const late = await first;
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('1');
    const [px, py] = await Promise.all(
      [x, y].map(async (i) => (await call(other, w.owner, 'GET', `/api/tasks/${i.id}`)).json()),
    );
    expect(px.data.parentId).toBeNull();
    expect(py.data.parentId).toBe(x.id);
  });

  it('serializes two blocker additions in different projects that together close a cycle', async () => {
    // Cross-project links already there: y1 → u2 and v2 → x1 (each "blocked by" the next).
    // Adding x1 → y1 (project 1) and u2 → v2 (project 2) at once would close
    // x1 → y1 → u2 → v2 → x1; each search reaches the other's project and waits for its lease.
    const w1 = newWorld(paused, 'FNC');
    const w2 = { ...newWorld(paused, 'FND'), owner: w1.owner };
    paused.directory.addMember(w2.teamId, { id: w1.owner.id, name: w1.owner.name! });
    w1.owner.teamIds.push(w2.teamId);
    const [x1, y1] = await Promise.all([createIssue(paused, w1), createIssue(paused, w1)]);
    const [u2, v2] = await Promise.all([createIssue(paused, w2), createIssue(paused, w2)]);
    const link = (h: Harness, a: { id: string }, b: { id: string }) =>
      call(h, w1.owner, 'POST', `/api/tasks/${a.id}/blockers`, { blockedById: b.id });
    expect((await link(paused, y1, u2)).statusCode).toBe(201);
    expect((await link(paused, v2, x1)).statusCode).toBe(201);
    // The first stalls after its check, well inside its lease this time.
    stallNext(LEASE_MS / 3);
    const [a, b] = await Promise.all([link(paused, x1, y1), link(other, u2, v2)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().error.details).toMatchObject({
      rule: 'cycle',
    });
  });

  it('an addition in another project does not wait for a held project lease', async () => {
    const busy = newWorld(paused, 'FNE');
    const free = newWorld(other, 'FNF');
    const [a, b] = await Promise.all([createIssue(paused, busy), createIssue(paused, busy)]);
    const [c, d] = await Promise.all([createIssue(other, free), createIssue(other, free)]);
    stallNext(LEASE_MS * 0.8);
    const held = call(paused, busy.owner, 'POST', `/api/tasks/${a.id}/blockers`, {
      blockedById: b.id,
    });
    await atStall;
    const started = Date.now();
    const quick = await call(other, free.owner, 'POST', `/api/tasks/${c.id}/blockers`, {
      blockedById: d.id,
    });
    expect(quick.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(LEASE_MS * 0.6);
    expect((await held).statusCode).toBe(201);
  });
});

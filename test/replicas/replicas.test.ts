import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTeam, newUser, type TestUser } from '../support/e2e.js';
import { convergedCounts, statusFor, tally } from '../faults/support/issues.js';
import { runPool } from '../faults/support/pool.js';
import type { Exit } from '../faults/support/processes.js';
import {
  call,
  startReplicaStack,
  type Answer,
  type ReplicaStack,
} from './support/replica-stack.js';

/** A limit low enough to reach in a test, high enough for every other test's traffic. */
const RATE_LIMIT_MAX = 400;

/**
 * The longest a request may wait at the gateway: its upstream headers and body timeouts
 * (30 s each, docs/SCALING.md "Replicas"), after which it answers 503.
 */
const UPSTREAM_TIMEOUT_MS = 30_000;

let stack: ReplicaStack;
beforeAll(async () => {
  stack = await startReplicaStack(4500, {
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    RATE_LIMIT_WINDOW_MS: '60000',
  });
});
afterAll(async () => {
  await stack?.close();
});

/** Request i goes through gateway i mod 2: both gateways, alternately. */
const via = (i: number) => stack.gateways[i % stack.gateways.length]!;

async function projectOf(user: TestUser, key: string) {
  const team = await newTeam(user);
  const res = await call(via(0), user.apiKey, 'POST', '/api/projects', {
    teamId: team.id,
    name: `Replicas ${key}`,
    key,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** The same user with a second key: its own rate-limit bucket, for checking after a burst. */
async function secondKey(user: TestUser): Promise<TestUser> {
  const res = await call(via(1), user.apiKey, 'POST', '/api/users/me/api-keys');
  expect(res.status).toBe(201);
  return { ...user, apiKey: res.body.data.apiKey };
}

async function newIssue(user: TestUser, projectId: string, i: number) {
  const res = await call(via(i), user.apiKey, 'POST', '/api/tasks', { projectId, title: `i ${i}` });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; identifier: string };
}

describe('two gateways and two processes of every service', () => {
  it('runs two of everything', async () => {
    for (const gateway of stack.gateways) {
      const ready = await fetch(`${gateway}/ready`);
      const body = (await ready.json()) as { replicas: Record<string, string> };
      expect(ready.status).toBe(200);
      for (const count of Object.values(body.replicas)) expect(count).toBe('2/2');
    }
  });

  it("serves each gateway's metrics on its own port, counting its own requests", async () => {
    expect(new Set(stack.gatewayMetrics).size).toBe(2);
    for (const [i, url] of stack.gatewayMetrics.entries()) {
      await fetch(`${stack.gateways[i]}/health`);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{[^}]*route="\/health"[^}]*\} [1-9]/m,
      );
    }
  });

  it('gives 20 concurrent completions of one habit streaks 1…20 once each, and exact XP', async () => {
    const user = await newUser();
    const created = await call(via(0), user.apiKey, 'POST', '/api/tasks', {
      type: 'habit',
      title: 'Stretch',
      difficulty: 'hard',
      isPositive: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(via(i), user.apiKey, 'POST', `/api/tasks/${id}/complete`),
      ),
    );
    expect(done.map((r) => r.status)).toEqual(Array(20).fill(200));
    const streaks = done.map((r) => r.body.data.task.streak as number).sort((a, b) => a - b);
    expect(streaks).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const total = done.reduce((sum, r) => sum + (r.body.data.xpEarned as number), 0);
    for (const gateway of stack.gateways) {
      const task = await call(gateway, user.apiKey, 'GET', `/api/tasks/${id}`);
      expect(task.body.data.streak).toBe(20);
      const profile = await call(gateway, user.apiKey, 'GET', '/api/profile');
      expect(profile.body.data.xp).toBe(total);
    }
  });

  it('numbers 40 concurrent issue creates in one project 1…40, and the project counts them exactly', async () => {
    const user = await newUser();
    const projectId = await projectOf(user, 'FORTY');
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(via(i), user.apiKey, 'POST', '/api/tasks', {
          projectId,
          title: `Race ${i}`,
          status: statusFor(i),
        }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(40).fill(201));
    const numbers = created.map((r) => r.body.data.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(created.map((r) => r.body.data.identifier)).size).toBe(40);
    const statuses = created.map((_, i) => statusFor(i));
    let { counts, truth } = await convergedCounts(user, projectId);
    expect(truth).toEqual(tally(statuses));
    expect(counts).toEqual(truth);

    // Status changes through both gateways, handled by either projects replica.
    const moved = await Promise.all(
      created.slice(0, 20).map((r, i) =>
        call(via(i + 1), user.apiKey, 'PATCH', `/api/tasks/${r.body.data.id}`, {
          status: 'done',
        }),
      ),
    );
    expect(moved.map((r) => r.status)).toEqual(Array(20).fill(200));
    ({ counts, truth } = await convergedCounts(user, projectId));
    expect(truth).toEqual(tally([...Array(20).fill('done'), ...statuses.slice(20)]));
    expect(counts).toEqual(truth);
  });

  it('lets exactly one of two opposite parent links, and of two opposite blockers, through', async () => {
    const user = await newUser();
    const projectId = await projectOf(user, 'LINKS');
    for (let round = 0; round < 4; round++) {
      const [x, y] = await Promise.all([0, 1].map((i) => newIssue(user, projectId, i)));
      const parents = await Promise.all([
        call(via(round), user.apiKey, 'PATCH', `/api/tasks/${x!.id}`, { parentId: y!.id }),
        call(via(round + 1), user.apiKey, 'PATCH', `/api/tasks/${y!.id}`, { parentId: x!.id }),
      ]);
      expect(parents.map((r) => r.status).sort()).toEqual([200, 422]);
      expect(parents.find((r) => r.status === 422)!.body.error.details).toMatchObject({
        field: 'parentId',
        rule: 'cycle',
      });
      const [a, b] = await Promise.all([0, 1].map((i) => newIssue(user, projectId, i)));
      const blockers = await Promise.all([
        call(via(round), user.apiKey, 'POST', `/api/tasks/${a!.id}/blockers`, {
          blockedById: b!.id,
        }),
        call(via(round + 1), user.apiKey, 'POST', `/api/tasks/${b!.id}/blockers`, {
          blockedById: a!.id,
        }),
      ]);
      expect(blockers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(blockers.find((r) => r.status === 409)!.body.error.details).toMatchObject({
        field: 'blockedById',
        rule: 'cycle',
      });
      // As stored, read through the other gateway: one parent link, one blocker.
      const stored = await Promise.all(
        [x, y, a, b].map((i, n) => call(via(n), user.apiKey, 'GET', `/api/tasks/${i!.id}`)),
      );
      expect(stored.slice(0, 2).filter((r) => r.body.data.parentId !== null)).toHaveLength(1);
      expect(stored.slice(2).flatMap((r) => r.body.data.blockedBy)).toHaveLength(1);
    }
  });

  it('replays an idempotent POST through the other gateway: one record', async () => {
    const user = await newUser();
    const key = randomUUID();
    const body = { type: 'todo', title: `Once ${key}`, difficulty: 'easy' };
    const first = await call(via(0), user.apiKey, 'POST', '/api/tasks', body, {
      'idempotency-key': key,
    });
    expect(first.status).toBe(201);
    const again = await call(via(1), user.apiKey, 'POST', '/api/tasks', body, {
      'idempotency-key': key,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const reused = await call(
      via(1),
      user.apiKey,
      'POST',
      '/api/tasks',
      { ...body, title: 'x' },
      {
        'idempotency-key': key,
      },
    );
    expect(reused.status).toBe(422);

    // Both gateways at once with one new key: one runs, the other replays it or is told it
    // still runs (409 with Retry-After); never two records.
    const raced = randomUUID();
    const racedBody = { type: 'todo', title: `Raced ${raced}`, difficulty: 'easy' };
    const both = await Promise.all(
      [0, 1].map((i) =>
        call(via(i), user.apiKey, 'POST', '/api/tasks', racedBody, { 'idempotency-key': raced }),
      ),
    );
    const fresh = both.filter((r) => r.status === 201 && !r.headers.get('idempotent-replayed'));
    expect(fresh).toHaveLength(1);
    for (const other of both.filter((r) => r !== fresh[0])) {
      if (other.status === 409) expect(other.headers.get('retry-after')).toBe('1');
      else expect(other.body).toEqual(fresh[0]!.body);
    }
    const list = await call(via(1), user.apiKey, 'GET', '/api/tasks?limit=100');
    const titles = list.body.data.map((t: { title: string }) => t.title);
    expect(titles.filter((t: string) => t === body.title)).toHaveLength(1);
    expect(titles.filter((t: string) => t === racedBody.title)).toHaveLength(1);
  });

  it('counts the rate limit once across both gateways', async () => {
    const user = await newUser();
    const answers = await runPool(RATE_LIMIT_MAX + 20, 8, (i) =>
      call(via(i), user.apiKey, 'GET', '/api/me'),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(RATE_LIMIT_MAX);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    // Refused by both gateways, each with the time left in the one shared window.
    for (const gateway of stack.gateways) {
      const next = await call(gateway, user.apiKey, 'GET', '/api/me');
      expect(next.status).toBe(429);
      expect(next.body.error.code).toBe('RATE_LIMITED');
      expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(next.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
  });
});

/** Requests a burst sends from a second after the kill on, whatever its size. */
const AFTER_THE_KILL = 40;

/**
 * At least `count` requests, 10 at a time, through both gateways alternately; once `killAfter`
 * have been acknowledged, `victim` gets kill -9 while the rest are still being sent. The burst
 * goes on until `AFTER_THE_KILL` requests were sent a second or more after the kill, however
 * fast the machine is.
 */
async function burstWithKill(
  count: number,
  killAfter: number,
  victim: string,
  send: (i: number) => Promise<Answer>,
) {
  let acked = 0;
  let kill: Promise<Exit> | null = null;
  let killedAt = Infinity;
  let next = 0;
  let sentLater = 0;
  const answers: Answer[] = [];
  const worker = async () => {
    while (next < count || sentLater < AFTER_THE_KILL) {
      const i = next++;
      if (Date.now() > killedAt + 1000) sentLater++;
      const answer = await send(i);
      answers.push(answer);
      if (answer.status < 300 && ++acked === killAfter) {
        killedAt = Date.now();
        kill = stack.signal(victim, 'SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  expect(await kill).toEqual({ code: null, signal: 'SIGKILL' });
  // No request waited longer than the gateway's timeout (most far less).
  const longest = Math.max(...answers.map((a) => a.doneAt - a.sentAt));
  expect(longest).toBeLessThan(UPSTREAM_TIMEOUT_MS);
  // Every refusal is a 503 that says when to retry (never a 500, never a hang).
  for (const a of answers.filter((a) => a.status === 503))
    expect(a.headers.get('retry-after')).toBe('1');
  // The survivors carry on: from a second after the kill the gateways send to the other
  // replica at once (a refused connection is retried there), so nearly every request is
  // acknowledged.
  const later = answers.filter((a) => a.sentAt > killedAt + 1000);
  expect(later.length).toBeGreaterThanOrEqual(AFTER_THE_KILL);
  expect(later.filter((a) => a.status < 300).length).toBeGreaterThanOrEqual(later.length * 0.8);
  const refused = answers.filter((a) => a.status === 503);
  console.log(
    `kill -9 ${victim}: ${answers.length - refused.length} of ${answers.length} acknowledged, ${refused.length} × 503 ` +
      `(sent at ${refused.map((a) => a.sentAt - killedAt).join(', ')} ms from the kill), ` +
      `longest wait ${longest} ms, burst ${Math.max(...answers.map((a) => a.doneAt)) - Math.min(...answers.map((a) => a.sentAt))} ms`,
  );
  return answers;
}

describe('kill -9 of one replica in the middle of a burst', () => {
  it('issues: keeps every acknowledged create, and the survivor takes the rest', async () => {
    const user = await newUser();
    const team = await newTeam(user);
    const project = await call(via(0), user.apiKey, 'POST', '/api/projects', {
      teamId: team.id,
      name: 'Kill',
      key: 'KILL',
    });
    const projectId = project.body.data.id as string;
    const answers = await burstWithKill(160, 40, 'issues.1', (i) =>
      call(via(i), user.apiKey, 'POST', '/api/tasks', { projectId, title: `burst ${i}` }),
    );
    // Each answer is an acknowledgement or a 503 for a request the dead replica held.
    expect(
      [...new Set(answers.map((a) => a.status))].filter((s) => s !== 201 && s !== 503),
    ).toEqual([]);
    const acked = answers.filter((a) => a.status === 201).map((a) => a.body.data);
    expect(acked.length).toBeGreaterThan(120);
    const reader = await secondKey(user);
    // No acknowledged write lost: each is there, through either gateway.
    const missing: string[] = [];
    await runPool(acked.length, 10, async (i) => {
      const res = await call(via(i), reader.apiKey, 'GET', `/api/tasks/${acked[i].id}`);
      if (res.status !== 200 || res.body.data.identifier !== acked[i].identifier)
        missing.push(`${acked[i].identifier}: ${res.status}`);
    });
    expect(missing).toEqual([]);
    expect(new Set(acked.map((a) => a.number)).size).toBe(acked.length);
    // Their events reach the projects read model.
    const { counts, truth } = await convergedCounts(reader, projectId);
    expect(truth.issues).toBeGreaterThanOrEqual(acked.length);
    expect(counts).toEqual(truth);

    await stack.restart('issues.1');
    for (const gateway of stack.gateways)
      expect(((await (await fetch(`${gateway}/ready`)).json()) as any).replicas.issues).toBe('2/2');
  });

  it('habits: keeps every acknowledged create and completion, and the survivor takes the rest', async () => {
    const user = await newUser();
    const habit = await call(via(0), user.apiKey, 'POST', '/api/tasks', {
      type: 'habit',
      title: 'Through a kill',
      difficulty: 'easy',
      isPositive: true,
    });
    const habitId = habit.body.data.id as string;
    // Even: a new to-do; odd: one more completion of the habit.
    const answers = await burstWithKill(160, 40, 'habits.1', (i) =>
      i % 2 === 0
        ? call(via(i), user.apiKey, 'POST', '/api/tasks', {
            type: 'todo',
            title: `todo ${i}`,
            difficulty: 'easy',
          })
        : call(via(i), user.apiKey, 'POST', `/api/tasks/${habitId}/complete`),
    );
    expect(
      [...new Set(answers.map((a) => a.status))].filter((s) => ![200, 201, 503].includes(s)),
    ).toEqual([]);
    const todos = answers.filter((a) => a.status === 201).map((a) => a.body.data.id as string);
    const completions = answers.filter((a) => a.status === 200).map((a) => a.body.data);
    expect(todos.length + completions.length).toBeGreaterThan(120);
    const reader = await secondKey(user);
    const missing: string[] = [];
    await runPool(todos.length, 10, async (i) => {
      const res = await call(via(i), reader.apiKey, 'GET', `/api/tasks/${todos[i]}`);
      if (res.status !== 200) missing.push(`${todos[i]}: ${res.status}`);
    });
    expect(missing).toEqual([]);
    // Each acknowledged completion reached its own streak, and the task holds them all
    // (a completion cut off by the kill may have been applied too, never one lost).
    const streaks = completions.map((c) => c.task.streak as number);
    expect(new Set(streaks).size).toBe(streaks.length);
    const task = await call(via(1), reader.apiKey, 'GET', `/api/tasks/${habitId}`);
    expect(task.body.data.streak).toBeGreaterThanOrEqual(Math.max(...streaks));
    expect(task.body.data.streak).toBeGreaterThanOrEqual(completions.length);
    const profile = await call(via(0), reader.apiKey, 'GET', '/api/profile');
    const earned = completions.reduce((sum, c) => sum + (c.xpEarned as number), 0);
    expect(profile.body.data.xp).toBeGreaterThanOrEqual(earned);

    await stack.restart('habits.1');
    for (const gateway of stack.gateways)
      expect(((await (await fetch(`${gateway}/ready`)).json()) as any).replicas.habits).toBe('2/2');
  });
});

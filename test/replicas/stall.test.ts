import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from '../support/e2e.js';
import { sleep } from '../faults/support/processes.js';
import {
  call,
  startReplicaStack,
  type Answer,
  type ReplicaStack,
} from './support/replica-stack.js';

/** The gateways' per-try timeout for reads (UPSTREAM_TRY_TIMEOUT_MS, its default). */
const TRY_MS = 3000;
const STALL_MS = 8000;

let stack: ReplicaStack;
beforeAll(async () => {
  stack = await startReplicaStack(Number(process.env.REPLICAS_BASE_PORT ?? 4700), {
    RATE_LIMIT_MAX: '0',
  });
});
afterAll(async () => {
  stack?.send('habits.1', 'SIGCONT');
  await stack?.close();
});

const via = (i: number) => stack.gateways[i % stack.gateways.length]!;

/** `count` calls, `width` at a time. */
async function pool<T>(count: number, width: number, run: (i: number) => Promise<T>) {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await run(i);
      }
    }),
  );
  return out;
}

const countBy = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>(
    (n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }),
    {},
  );

/** A call a client gives up on after `ms` (status 0). */
const patient = (ms: number, ...args: Parameters<typeof call>): Promise<Answer> =>
  Promise.race([
    call(...args),
    sleep(ms).then(() => ({ status: 0, body: null, headers: new Headers(), sentAt: 0, doneAt: 0 })),
  ]);

async function todoTitles(user: TestUser): Promise<string[]> {
  const titles: string[] = [];
  for (let page = 1; ; page++) {
    const res = await call(
      via(page),
      user.apiKey,
      'GET',
      `/api/tasks?type=todo&limit=100&page=${page}`,
    );
    expect(res.status).toBe(200);
    titles.push(...(res.body.data as Array<{ title: string }>).map((t) => t.title));
    if (res.body.data.length < 100) return titles;
  }
}

/**
 * One of the two habits replicas stopped (SIGSTOP) for 8 s, as the issue measured it: reads
 * are asked of the other replica after the per-try timeout, and keyed writes retried by
 * impatient clients run once each, although the stall outlasts the signatures' window (5 s):
 * what was queued at the stopped replica is refused there as expired, answered 503 with
 * Retry-After by the gateway, and completed by the client's retry.
 */
describe('a stalled replica (SIGSTOP)', () => {
  it('its reads are answered by the other replica after the per-try timeout', async () => {
    const user = await newUser();
    stack.send('habits.1', 'SIGSTOP');
    try {
      const reads = await pool(60, 8, (i) => call(via(i), user.apiKey, 'GET', '/api/profile'));
      expect(reads.map((r) => r.status)).toEqual(Array(60).fill(200));
      const longest = Math.max(...reads.map((r) => r.doneAt - r.sentAt));
      // About one try on the stalled replica at most, never the gateway's 30 s upstream
      // timeout (which is what each of them waited before, ending in 503).
      expect(longest).toBeLessThan(2 * TRY_MS + 3000);
      console.log(`stalled replica: 60 reads all 200, longest ${longest} ms`);
    } finally {
      stack.send('habits.1', 'SIGCONT');
    }
  });

  it('120 keyed creates with impatient retries through an 8 s stall: each kept once', async () => {
    const user = await newUser();
    // 120 by impatient clients (they give up after 2 s), 8 more by clients that wait.
    const keys = Array.from({ length: 128 }, () => randomUUID());
    const body = (i: number) => ({ type: 'todo', title: `todo ${keys[i]}`, difficulty: 'easy' });
    const headers = (i: number) => ({ 'idempotency-key': keys[i]! });
    const create = (i: number) =>
      patient(2000, via(i), user.apiKey, 'POST', '/api/tasks', body(i), headers(i));
    const stall: { waited?: Promise<Answer[]> } = {};
    const first = await pool(120, 8, async (i) => {
      if (i === 40) {
        stack.send('habits.1', 'SIGSTOP');
        setTimeout(() => stack.send('habits.1', 'SIGCONT'), STALL_MS);
        stall.waited = Promise.all(
          Array.from({ length: 8 }, (_, j) =>
            call(via(j), user.apiKey, 'POST', '/api/tasks', body(120 + j), headers(120 + j)),
          ),
        );
      }
      return create(i);
    });
    expect(stall.waited).toBeDefined();
    const patientAnswers = await stall.waited!;
    // Those queued at the stopped replica outlived their signature there: the gateway says
    // so with a retryable 503 and Retry-After (the Idempotency-Key freed), never a 401.
    // Which of them met the stopped replica is the balancer's choice (it may route around it).
    const unavailable = patientAnswers.filter((a) => a.status === 503);
    expect(patientAnswers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    for (const a of unavailable) {
      expect(a.headers.get('retry-after')).toBe('1');
      expect(a.body.error.code).toBe('SERVICE_UNAVAILABLE');
    }
    const answers = [...first, ...patientAnswers];
    // The stall was met: some request was caught at the stopped replica (given up on, or 503).
    expect(answers.some((a) => a.status !== 201)).toBe(true);
    const failed = answers.map((a, i) => (a.status === 201 ? -1 : i)).filter((i) => i >= 0);
    // Retried with the same key until each settles: 201 (new or replayed); a 409 "still in
    // progress" or 503 is retried after a pause, as a client told Retry-After would.
    const tries: Record<number, number> = {};
    for (let round = 0; round < 40 && failed.length; round++) {
      await sleep(1000);
      const again = await pool(failed.length, 8, (j) => create(failed[j]!));
      for (let j = again.length - 1; j >= 0; j--) {
        tries[again[j]!.status] = (tries[again[j]!.status] ?? 0) + 1;
        if (again[j]!.status === 201) failed.splice(j, 1);
      }
    }
    expect(failed).toEqual([]);
    // Answers: created (or replayed), still in progress, the gateway's 503, or no answer in
    // time (0) — never a validation error, a 401 or a 500.
    const seen = new Set([...answers.map((a) => a.status), ...Object.keys(tries).map(Number)]);
    expect([...seen].filter((s) => ![0, 201, 409, 503].includes(s))).toEqual([]);
    const titles = await todoTitles(user);
    expect(titles.length).toBe(128);
    expect(new Set(titles).size).toBe(128);
    console.log(
      `keyed creates through a stall: first round ${JSON.stringify(countBy(first))}, ` +
        `waiting clients ${JSON.stringify(countBy(patientAnswers))}, ` +
        `retries by answer ${JSON.stringify(tries)}, to-dos stored ${titles.length}`,
    );
  }, 300_000);
});

describe('kill -9 of one replica during a burst of reads', () => {
  it('loses no read: each is answered by the survivor', async () => {
    const user = await newUser();
    let killed: Promise<unknown> | null = null;
    const reads = await pool(200, 10, async (i) => {
      if (i === 50) killed = stack.signal('habits.1', 'SIGKILL');
      return call(via(i), user.apiKey, 'GET', '/api/profile');
    });
    expect(await killed).toEqual({ code: null, signal: 'SIGKILL' });
    expect(countBy(reads)).toEqual({ 200: 200 });
    console.log(
      `kill -9 during reads: ${reads.length} × 200, longest ${Math.max(...reads.map((r) => r.doneAt - r.sentAt))} ms`,
    );
    await stack.restart('habits.1');
  });
});

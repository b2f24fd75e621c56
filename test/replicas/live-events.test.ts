import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newTeam, newUser } from '../support/e2e.js';
import { dataOf, openEvents, type SseFrame } from '../support/sse.js';
import { call, sharedReplicaStack } from './support/replica-stack.js';

const stack = sharedReplicaStack();

const created = (frames: SseFrame[]) =>
  frames.filter((f) => f.event === 'issue.created').map((f) => dataOf(f).data.id as string);

describe('GET /api/events through two gateways', () => {
  it('resumes on the other gateway with Last-Event-ID: every missed event once, in order', async () => {
    const user = await newUser();
    const team = await newTeam(user);
    const key = `R${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
    const project = await call(stack.gateways[0]!, user.apiKey, 'POST', '/api/projects', {
      teamId: team.id,
      name: key,
      key,
    });
    expect(project.status).toBe(201);
    const first = await openEvents(user.apiKey, {
      url: stack.gateways[0],
      query: '?types=issue.created',
    });
    expect(first.status).toBe(200);
    await first.until((f) => f.some((x) => x.id !== undefined));
    const burst: string[] = [];
    const making = (async () => {
      for (let i = 0; i < 16; i++) {
        // Written through both gateways in turn.
        const res = await call(stack.gateways[i % 2]!, user.apiKey, 'POST', '/api/tasks', {
          projectId: project.body.data.id,
          title: `burst ${i}`,
        });
        expect(res.status).toBe(201);
        burst.push(res.body.data.id);
      }
    })();
    await first.until((f) => created(f).length >= 4, 30_000);
    first.close();
    const before = first.frames.filter((f) => f.event === 'issue.created');
    await making;
    const second = await openEvents(user.apiKey, {
      url: stack.gateways[1],
      query: '?types=issue.created',
      lastEventId: before.at(-1)!.id!,
    });
    expect(second.status).toBe(200);
    await second.until((f) => created(before).length + created(f).length >= 16, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    // Once each (two issues processes publish in their own time: the stream's order is theirs).
    const got = [...created(before), ...created(second.frames)];
    expect([...got].sort()).toEqual([...burst].sort());
    const seqs = [...before, ...second.frames.filter((f) => f.event === 'issue.created')].map((f) =>
      Number(f.id),
    );
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(second.frames.some((f) => f.event === 'reset')).toBe(false);
    second.close();
  });
});

import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { issuesModels } from '../../src/store/models.js';
import { ProjectStore } from '../../src/store/project-store.js';
import { call, createIssue, useIssuesPair, type Harness } from '../support/harness.js';

type Reply = Awaited<ReturnType<typeof call>>;
type Activity = { action: string; oldValue: string | null; newValue: string | null };

/**
 * The service's rules with two processes on one database: two apps, each on its own
 * connection, the requests of each race sent alternately to both.
 */
describe('issues: two processes on one database', () => {
  const { pair, w } = useIssuesPair('TWO');
  /** The app the i-th request of a race goes to. */
  const app = (i: number): Harness => pair[i % 2]!;
  const send = (
    i: number,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) => call(app(i), w.owner, method, url, body);
  const issues = (n: number, title: string) =>
    Promise.all(
      Array.from({ length: n }, (_, i) => createIssue(app(i), w, { title: `${title} ${i}` })),
    );
  const statuses = (replies: Reply[]) => replies.map((r) => r.statusCode).sort();

  it('gives 40 concurrent creates the numbers 1..40, each once', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(i, 'POST', '/api/tasks', { projectId: w.projectId, title: `Race ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const numbers = results.map((r) => r.json().data.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.json().data.identifier)).size).toBe(40);
    // A refused create takes no number.
    const refused = await send(0, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x',
      assigneeId: w.teamId,
    });
    expect(refused.statusCode).toBe(422);
    expect((await createIssue(app(1), w, { title: 'After the race' })).identifier).toBe('TWO-41');
  });

  it('lets one of two opposite parent links through and refuses the other (422 cycle)', async () => {
    for (let round = 0; round < 8; round++) {
      const [x, y] = await issues(2, `Parent race ${round}`);
      const replies = await Promise.all([
        send(round, 'PATCH', `/api/tasks/${x!.id}`, { parentId: y!.id }),
        send(round + 1, 'PATCH', `/api/tasks/${y!.id}`, { parentId: x!.id }),
      ]);
      expect(statuses(replies)).toEqual([200, 422]);
      const refused = replies.find((r) => r.statusCode === 422)!;
      expect(refused.json().error.details).toMatchObject({ field: 'parentId', rule: 'cycle' });
      const [px, py] = await Promise.all([x, y].map((i) => send(0, 'GET', `/api/tasks/${i!.id}`)));
      const parents = [px!.json().data.parentId, py!.json().data.parentId];
      expect(parents.filter((p) => p !== null)).toHaveLength(1);
    }
  });

  it('lets two of three parent links closing a 3-cycle through, never all three', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b, c] = await issues(3, `Triangle ${round}`);
      const replies = await Promise.all([
        send(round, 'PATCH', `/api/tasks/${a!.id}`, { parentId: b!.id }),
        send(round + 1, 'PATCH', `/api/tasks/${b!.id}`, { parentId: c!.id }),
        send(round, 'PATCH', `/api/tasks/${c!.id}`, { parentId: a!.id }),
      ]);
      expect(statuses(replies)).toEqual([200, 200, 422]);
      expect(replies.find((r) => r.statusCode === 422)!.json().error.details).toMatchObject({
        field: 'parentId',
        rule: 'cycle',
      });
    }
  });

  it('lets one of two opposite blockers through and refuses the other (409 cycle with path)', async () => {
    for (let round = 0; round < 8; round++) {
      const [x, y] = await issues(2, `Blocker race ${round}`);
      const replies = await Promise.all([
        send(round, 'POST', `/api/tasks/${x!.id}/blockers`, { blockedById: y!.id }),
        send(round + 1, 'POST', `/api/tasks/${y!.id}/blockers`, { blockedById: x!.id }),
      ]);
      expect(statuses(replies)).toEqual([201, 409]);
      const won = replies.find((r) => r.statusCode === 201)!.json().data;
      const blocked = won.issueId === x!.id ? x! : y!;
      const blocker = blocked === x ? y! : x!;
      expect(replies.find((r) => r.statusCode === 409)!.json().error.details).toEqual({
        field: 'blockedById',
        rule: 'cycle',
        path: [blocker.identifier, blocked.identifier, blocker.identifier],
      });
    }
  });

  it('lets two of three blockers closing a 3-cycle through, never all three', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b, c] = await issues(3, `Blocker triangle ${round}`);
      const replies = await Promise.all([
        send(round, 'POST', `/api/tasks/${a!.id}/blockers`, { blockedById: b!.id }),
        send(round + 1, 'POST', `/api/tasks/${b!.id}/blockers`, { blockedById: c!.id }),
        send(round, 'POST', `/api/tasks/${c!.id}/blockers`, { blockedById: a!.id }),
      ]);
      expect(statuses(replies)).toEqual([201, 201, 409]);
      const refused = replies.find((r) => r.statusCode === 409)!.json().error.details;
      expect(refused).toMatchObject({ field: 'blockedById', rule: 'cycle' });
      expect(refused.path).toHaveLength(4);
    }
  });

  it('records all of 30 concurrent title changes of one issue, in the order they were written', async () => {
    const issue = await createIssue(app(0), w, { title: 'Title 0' });
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send(i, 'PATCH', `/api/tasks/${issue.id}`, { title: `Title ${i + 1}` }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(30).fill(200));

    for (const h of pair) {
      const page = (await call(h, w.owner, 'GET', `/api/tasks/${issue.id}`)).json().data;
      const changes = (page.activity as Activity[]).filter((a) => a.action === 'title_changed');
      expect(changes).toHaveLength(30);
      // Each change starts from the title the one before left: none was lost or reordered.
      expect(changes[0]!.oldValue).toBe('Title 0');
      for (let i = 1; i < changes.length; i++)
        expect(changes[i]!.oldValue).toBe(changes[i - 1]!.newValue);
      expect(changes.at(-1)!.newValue).toBe(page.title);
      expect(new Set(changes.map((c) => c.newValue)).size).toBe(30);

      const list = (
        await call(h, w.owner, 'GET', `/api/tasks?projectId=${w.projectId}&limit=100`)
      ).json();
      const listed = list.data.find((i: { id: string }) => i.id === issue.id);
      expect(listed).toMatchObject({ title: page.title, updatedAt: page.updatedAt });
      const states = await call(
        h,
        SYSTEM_ACTOR,
        'GET',
        `/internal/issue-states?projectId=${w.projectId}`,
      );
      expect(states.json().data).toContainEqual(
        expect.objectContaining({ id: issue.id, version: 31 }),
      );
    }
  });

  it('shows the last of 10 concurrent edits of a comment, with every edit in the activity', async () => {
    const [issue] = await issues(1, 'Edited');
    const comment = (
      await send(0, 'POST', `/api/tasks/${issue!.id}/comments`, { body: 'draft' })
    ).json().data;
    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(i, 'PATCH', `/api/tasks/${issue!.id}/comments/${comment.id}`, { body: `edit ${i}` }),
      ),
    );
    expect(edits.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const stored = await pair[0]!.ctx.db.collection('comments').findOne({ _id: comment.id });
    for (const h of pair) {
      const page = (await call(h, w.owner, 'GET', `/api/tasks/${issue!.id}`)).json().data;
      expect(page.comments.map((c: { body: string }) => c.body)).toEqual([stored!.body]);
      const actions = (page.activity as Activity[]).map((a) => a.action);
      expect(actions.filter((a) => a === 'comment_edited')).toHaveLength(10);
    }
  });

  it('lets one of two deletions of a comment, and of a blocker, through', async () => {
    const [x, y] = await issues(2, 'Removals');
    const comment = (
      await send(0, 'POST', `/api/tasks/${x!.id}/comments`, { body: 'twice deleted' })
    ).json().data;
    const deletions = await Promise.all(
      [0, 1].map((i) => send(i, 'DELETE', `/api/tasks/${x!.id}/comments/${comment.id}`)),
    );
    expect(statuses(deletions)).toEqual([204, 404]);
    const relation = (
      await send(0, 'POST', `/api/tasks/${x!.id}/blockers`, { blockedById: y!.id })
    ).json().data;
    const removals = await Promise.all(
      [0, 1].map((i) => send(i, 'DELETE', `/api/tasks/${x!.id}/blockers/${relation.id}`)),
    );
    expect(statuses(removals)).toEqual([204, 404]);
    for (const h of pair) {
      const page = (await call(h, w.owner, 'GET', `/api/tasks/${x!.id}`)).json().data;
      expect(page.comments).toEqual([]);
      expect(page.blockedBy).toEqual([]);
      expect((page.activity as Activity[]).map((a) => a.action)).toEqual([
        'created',
        'comment_added',
        'comment_deleted',
        'blocker_added',
        'blocker_removed',
      ]);
    }
  });

  it('keeps the newest project event, whatever order and however often both apply them', async () => {
    const stores = pair.map((h) => new ProjectStore(issuesModels(h.ctx.db)));
    for (let round = 0; round < 10; round++) {
      const id = randomUUID();
      const teamId = randomUUID();
      const at = Date.now();
      const events = ['OLD', 'MID', 'NEW'].map((key, i) => ({
        data: { id, teamId, key, name: key, slug: key.toLowerCase(), status: 'planned' },
        at: new Date(at + i * 1000),
      }));
      // Newest first, through both apps at once, with a lookup answer (older than any
      // event) racing them; then every event again (redelivery).
      const apply = (list: typeof events) =>
        Promise.all(list.map((e, i) => stores[(i + round) % 2]!.applyEvent(e.data, e.at)));
      await Promise.all([
        apply([...events].reverse()),
        stores[round % 2]!.applyLookup({ id, teamId, key: 'LOOKUP', name: 'lookup' }),
      ]);
      for (const store of stores) expect(await store.find(id)).toMatchObject({ key: 'NEW' });
      await apply(events);
      for (const store of stores) expect(await store.find(id)).toMatchObject({ key: 'NEW' });
    }
  });
});

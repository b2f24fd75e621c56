import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, userActor } from '@momentum/testing';
import {
  call,
  createIssue,
  newWorld,
  startHarness,
  type Harness,
  type World,
} from '../support/harness.js';

/** GET/PATCH/DELETE, watching, comments and blockers take `ENG-12` wherever they take a UUID. */
describe('issues: identifiers as aliases of ids', () => {
  let h: Harness;
  let w: World;
  /** Another team with a project of the same key: its issues must stay invisible to w. */
  let other: World;
  let first: { id: string; identifier: string };
  let second: { id: string; identifier: string };
  let hidden: { id: string; identifier: string };

  beforeAll(async () => {
    h = await startHarness();
    w = newWorld(h, 'IDN');
    other = newWorld(h, 'IDN');
    first = await createIssue(h, w, { title: 'First by key' });
    second = await createIssue(h, w, { title: 'Second by key' });
    // Numbers are per project: the other team's first issue is IDN-1 too, and IDN-3 exists
    // only there.
    await createIssue(h, other, { title: 'Theirs 1' });
    await createIssue(h, other, { title: 'Theirs 2' });
    hidden = await createIssue(h, other, { title: 'Theirs 3' });
  });
  afterAll(async () => h.close());

  const notFound = { error: { code: 'NOT_FOUND', message: 'Issue not found' } };

  it('reads an issue by its identifier, in any case, as by its id', async () => {
    expect(first.identifier).toBe('IDN-1');
    const byId = await call(h, w.owner, 'GET', `/api/tasks/${first.id}`);
    for (const ref of ['IDN-1', 'idn-1', 'Idn-01']) {
      const res = await call(h, w.owner, 'GET', `/api/tasks/${ref}`);
      expect(res.statusCode, ref).toBe(200);
      expect(res.json(), ref).toEqual(byId.json());
    }
  });

  it('resolves only within the caller’s teams: another team’s issue is the 404 of an unknown one', async () => {
    const theirs = await call(h, w.owner, 'GET', `/api/tasks/${hidden.identifier}`);
    const unknown = await call(h, w.owner, 'GET', '/api/tasks/IDN-999');
    const unknownKey = await call(h, w.owner, 'GET', '/api/tasks/NOPE-1');
    for (const res of [theirs, unknown, unknownKey]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(notFound);
    }
    // Their owner reads it; IDN-1 names each team's own first issue.
    expect((await call(h, other.owner, 'GET', `/api/tasks/${hidden.identifier}`)).statusCode).toBe(
      200,
    );
    const theirFirst = await call(h, other.owner, 'GET', '/api/tasks/IDN-1');
    expect(theirFirst.json().data.title).toBe('Theirs 1');
    // A writer outside the team is told the same 404 (PATCH, DELETE, comments, blockers).
    for (const [method, url, body] of [
      ['PATCH', `/api/tasks/${hidden.identifier}`, { title: 'x' }],
      ['DELETE', `/api/tasks/${hidden.identifier}`, undefined],
      ['POST', `/api/tasks/${hidden.identifier}/comments`, { body: 'hi' }],
      ['GET', `/api/tasks/${hidden.identifier}/blockers`, undefined],
    ] as const) {
      const res = await call(h, w.owner, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('still refuses values that are neither a UUID nor an identifier (422)', async () => {
    for (const ref of ['IDN-0', 'I-1', '12-IDN', 'IDN_1', 'not-a-uuid', 'IDNABCDEFGH-1']) {
      const res = await call(h, w.owner, 'GET', `/api/tasks/${ref}`);
      expect(res.statusCode, ref).toBe(422);
      expect(res.json().error, ref).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'id', rule: 'format', format: 'issue_ref' },
      });
    }
  });

  it('updates, watches and deletes by identifier', async () => {
    const patched = await call(h, w.owner, 'PATCH', '/api/tasks/idn-2', { status: 'todo' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ id: second.id, status: 'todo' });
    const watched = await injectAs(h.app, w.owner, {
      method: 'PUT',
      url: '/api/tasks/IDN-2/watch',
    });
    expect(watched.statusCode).toBe(204);
    const created = await createIssue(h, w, { title: 'To delete' });
    expect((await call(h, w.owner, 'DELETE', `/api/tasks/${created.identifier}`)).statusCode).toBe(
      204,
    );
    // Deleted: its identifier names nothing any more (numbers are never reused).
    expect((await call(h, w.owner, 'GET', `/api/tasks/${created.identifier}`)).statusCode).toBe(
      404,
    );
    expect((await call(h, w.owner, 'GET', `/api/tasks/${created.id}`)).statusCode).toBe(404);
  });

  it('comments by identifier: add, edit, delete', async () => {
    const added = await call(h, w.owner, 'POST', '/api/tasks/IDN-1/comments', { body: 'by key' });
    expect(added.statusCode).toBe(201);
    const commentId = added.json().data.id as string;
    const edited = await call(h, w.owner, 'PATCH', `/api/tasks/idn-1/comments/${commentId}`, {
      body: 'edited by key',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.body).toBe('edited by key');
    const page = (await call(h, w.owner, 'GET', `/api/tasks/${first.id}`)).json().data;
    expect(page.comments.map((c: { id: string }) => c.id)).toContain(commentId);
    expect(
      (await call(h, w.owner, 'DELETE', `/api/tasks/IDN-1/comments/${commentId}`)).statusCode,
    ).toBe(204);
  });

  it('blockers by identifier: the issue, the blocking one in the body, and the removal', async () => {
    const added = await call(h, w.owner, 'POST', '/api/tasks/IDN-2/blockers', {
      blockedById: 'idn-1',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ issueId: second.id, blockedById: first.id });
    const listed = await call(h, w.owner, 'GET', '/api/tasks/IDN-1/blockers');
    expect(listed.json().data.blocking.map((b: { issueId: string }) => b.issueId)).toEqual([
      second.id,
    ]);
    // Another team's identifier in the body is an unknown blocking issue.
    const foreign = await call(h, w.owner, 'POST', '/api/tasks/IDN-2/blockers', {
      blockedById: hidden.identifier,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Blocking issue not found');
    const bad = await call(h, w.owner, 'POST', '/api/tasks/IDN-2/blockers', {
      blockedById: 'nope',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details).toMatchObject({
      field: 'blockedById',
      rule: 'format',
      format: 'issue_ref',
    });
    // Removed by naming the blocking issue's identifier.
    expect((await call(h, w.owner, 'DELETE', '/api/tasks/IDN-2/blockers/IDN-1')).statusCode).toBe(
      204,
    );
    expect((await call(h, w.owner, 'GET', '/api/tasks/IDN-2/blockers')).json().data).toEqual({
      blockedBy: [],
      blocking: [],
    });
  });

  it('an identifier two of the caller’s teams share is 409 with both ids', async () => {
    const both = userActor({ teamIds: [w.teamId, other.teamId], name: 'in-both' });
    const res = await call(h, both, 'GET', '/api/tasks/IDN-1');
    expect(res.statusCode).toBe(409);
    const theirFirst = (await call(h, other.owner, 'GET', '/api/tasks/IDN-1')).json().data.id;
    expect(res.json().error).toMatchObject({
      code: 'CONFLICT',
      details: { rule: 'ambiguous', identifier: 'IDN-1', ids: [first.id, theirFirst].sort() },
    });
    // One only they can see is no ambiguity.
    expect((await call(h, both, 'GET', `/api/tasks/${hidden.identifier}`)).statusCode).toBe(200);
  });

  it('search finds an issue by its identifier, within the caller’s teams', async () => {
    const search = async (q: string, actor = w.owner, extra = '') => {
      const res = await call(
        h,
        actor,
        'GET',
        `/api/tasks/search?q=${encodeURIComponent(q)}${extra}`,
      );
      expect(res.statusCode, q).toBe(200);
      return res.json() as { data: Array<{ id: string }>; meta: { total: number } };
    };
    const found = await search('idn-2');
    expect(found.data.map((i) => i.id)).toEqual([second.id]);
    expect(found.meta.total).toBe(1);
    expect((await search(' IDN-2 ', w.owner, `&projectId=${w.projectId}`)).data).toHaveLength(1);
    // Another team's: not found by its key (nor by its words).
    expect((await search(hidden.identifier)).data).toEqual([]);
    // An identifier naming nothing is searched as words.
    const words = await search('IDN-77');
    expect(words.meta.total).toBe(0);
    // Both of someone in two teams.
    const both = userActor({ teamIds: [w.teamId, other.teamId], name: 'in-both' });
    expect((await search('IDN-1', both)).data).toHaveLength(2);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import {
  call,
  createIssue,
  newWorld,
  startHarness,
  type Harness,
  type World,
} from '../support/harness.js';

describe('issues: search', () => {
  let h: Harness;
  let w: World;
  let other: World;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness();
    w = newWorld(h, 'SRC');
    other = newWorld(h, 'SRD');
    // Same team, second project: searches span both unless projectId narrows them.
    const second = { ...w, projectId: randomUUID(), key: 'SRE' };
    h.projects.set(second.projectId, {
      id: second.projectId,
      teamId: w.teamId,
      key: 'SRE',
      name: 'second',
    });
    ids.login = (
      await createIssue(h, w, {
        title: 'Login page crashes',
        description: 'The login form throws on submit',
      })
    ).id;
    ids.resume = (
      await createIssue(h, w, { title: 'Résumé export', description: 'Export the CV as PDF' })
    ).id;
    ids.crash = (
      await createIssue(h, w, {
        title: 'Crash reporter',
        description: 'Collect crashes from the field',
      })
    ).id;
    ids.regex = (
      await createIssue(h, w, {
        title: 'Handle a.*b patterns',
        description: 'user typed (foo|bar) [x]',
      })
    ).id;
    ids.second = (await createIssue(h, second, { title: 'Login audit log' })).id;
    ids.hidden = (await createIssue(h, other, { title: 'Login secrets of another team' })).id;
  });
  afterAll(async () => h.close());

  const search = async (q: string, extra = '', actor = w.owner) => {
    const res = await call(h, actor, 'GET', `/api/tasks/search?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, q).toBe(200);
    return res.json() as {
      data: Array<{ id: string; title: string }>;
      meta: { total: number; page: number; perPage: number };
    };
  };

  it('finds words of titles and descriptions, case-insensitively, only in visible projects', async () => {
    const res = await search('LOGIN');
    expect(res.data.map((i) => i.id).sort()).toEqual([ids.login, ids.second].sort());
    expect(res.meta).toEqual({ total: 2, page: 1, perPage: 20 });
    expect((await search('pdf')).data.map((i) => i.id)).toEqual([ids.resume]);
  });

  it('ignores accents on both sides', async () => {
    expect((await search('resume')).data.map((i) => i.id)).toEqual([ids.resume]);
    expect((await search('RÉSUMÉ')).data.map((i) => i.id)).toEqual([ids.resume]);
  });

  it('matches the last word as a prefix and the others as whole words', async () => {
    expect((await search('expo')).data.map((i) => i.id)).toEqual([ids.resume]);
    expect((await search('cras')).data.map((i) => i.id).sort()).toEqual(
      [ids.login, ids.crash].sort(),
    );
    // "logi" is not the last word, so it must be whole: only "crash…" prefixes count.
    expect((await search('logi crash')).data.map((i) => i.id).sort()).toEqual(
      [ids.login, ids.crash].sort(),
    );
  });

  it('ranks issues holding more of the query words first', async () => {
    const res = await search('login crash');
    expect(res.data[0]!.id).toBe(ids.login);
    expect(res.data.map((i) => i.id)).toEqual(
      expect.arrayContaining([ids.login, ids.crash, ids.second]),
    );
    expect(res.meta.total).toBe(3);
  });

  it('treats regular-expression characters as plain text', async () => {
    expect((await search('.*')).data).toEqual([]);
    expect((await search('(foo|bar)')).data.map((i) => i.id)).toEqual([ids.regex]);
    expect((await search('a.*b')).data.map((i) => i.id)).toEqual([ids.regex]);
  });

  it('pages results and narrows to a project', async () => {
    const page1 = await search('login crash', '&limit=2');
    const page2 = await search('login crash', '&limit=2&page=2');
    expect(page1.data).toHaveLength(2);
    expect(page2.data).toHaveLength(1);
    expect(new Set([...page1.data, ...page2.data].map((i) => i.id)).size).toBe(3);
    expect(page2.meta).toEqual({ total: 3, page: 2, perPage: 2 });
    expect((await search('login', `&projectId=${w.projectId}`)).data.map((i) => i.id)).toEqual([
      ids.login,
    ]);
  });

  it('requires q, and guards projectId like the list does', async () => {
    const missing = await call(h, w.owner, 'GET', '/api/tasks/search');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details).toEqual({ field: 'q', rule: 'required' });
    const forbidden = await call(
      h,
      w.owner,
      'GET',
      `/api/tasks/search?q=login&projectId=${other.projectId}`,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect(
      (await call(h, w.owner, 'GET', `/api/tasks/search?q=login&projectId=${randomUUID()}`))
        .statusCode,
    ).toBe(404);
    const nobody = await search('login', '', userActor({ teamIds: [] }));
    expect(nobody.data).toEqual([]);
  });

  it('follows edits: a changed title is found by its new words only', async () => {
    await call(h, w.owner, 'PATCH', `/api/tasks/${ids.crash}`, {
      title: 'Telemetry uploader',
      description: '',
    });
    expect((await search('telemetry')).data.map((i) => i.id)).toEqual([ids.crash]);
    expect((await search('reporter')).data).toEqual([]);
  });
});

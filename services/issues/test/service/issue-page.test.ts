import { describe, expect, it } from 'vitest';
import { call, createIssue, useIssuesApp } from '../support/harness.js';

type Detail = {
  comments: { id: string; body: string }[];
  activity: { action: string; createdAt: string }[];
  subIssues: { id: string }[];
};

/** The issue page's comments, activity and sub-issues, as later writes change them. */
describe('issues: what an issue page shows', () => {
  const { h, w } = useIssuesApp('TML');
  const page = async (id: string) => {
    const res = await call(h, w.owner, 'GET', `/api/tasks/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as Detail;
  };

  it('follows comments, edits, deletions and sub-issues moving between parents', async () => {
    const a = await createIssue(h, w, { title: 'Parent A' });
    const b = await createIssue(h, w, { title: 'Parent B' });
    const child = await createIssue(h, w, { title: 'Child', parentId: a.id });
    const first = await call(h, w.owner, 'POST', `/api/tasks/${a.id}/comments`, { body: 'one' });
    const second = await call(h, w.owner, 'POST', `/api/tasks/${a.id}/comments`, { body: 'two' });
    await call(h, w.owner, 'PATCH', `/api/tasks/${a.id}/comments/${first.json().data.id}`, {
      body: 'one, edited',
    });
    await call(h, w.owner, 'DELETE', `/api/tasks/${a.id}/comments/${second.json().data.id}`);
    expect((await page(a.id)).subIssues.map((s) => s.id)).toEqual([child.id]);

    await call(h, w.owner, 'PATCH', `/api/tasks/${child.id}`, { parentId: b.id });
    const pageA = await page(a.id);
    expect(pageA.subIssues).toEqual([]);
    expect(pageA.comments.map((c) => c.body)).toEqual(['one, edited']);
    expect(pageA.activity.map((x) => x.action)).toEqual([
      'created',
      'comment_added',
      'comment_added',
      'comment_edited',
      'comment_deleted',
    ]);
    expect((await page(b.id)).subIssues.map((s) => s.id)).toEqual([child.id]);
    await call(h, w.owner, 'DELETE', `/api/tasks/${child.id}`);
    expect((await page(b.id)).subIssues).toEqual([]);
  });
});

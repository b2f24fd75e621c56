import { describe, expect, it } from 'vitest';
import { useLocalFeeds } from '@momentum/service-kit/local-engine';
import { call, createIssue, useIssuesApp } from '../support/harness.js';

type Detail = {
  comments: { id: string; body: string }[];
  activity: { action: string; createdAt: string }[];
  subIssues: { id: string }[];
};

/**
 * The issue page's comments, activity and sub-issues: read by indexed queries, or on the
 * local engine from one timeline document per issue, the collections staying the record.
 * Both must tell the same story.
 */
describe('issues: the timeline behind an issue page', () => {
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

  it('builds the timeline of an issue stored without one from the collections', async () => {
    const parent = await createIssue(h, w, { title: 'Old parent' });
    await createIssue(h, w, { title: 'Old child', parentId: parent.id });
    await call(h, w.owner, 'POST', `/api/tasks/${parent.id}/comments`, { body: 'kept' });
    await call(h, w.owner, 'PATCH', `/api/tasks/${parent.id}`, { status: 'in_progress' });
    const before = await page(parent.id);
    // As after a start without the local engine's aids (TimelineStore.forget).
    await h.ctx.db
      .collection('issue_timelines')
      .drop()
      .catch(() => undefined);
    expect(await page(parent.id)).toEqual(before);
    // And it keeps following from there.
    await call(h, w.owner, 'POST', `/api/tasks/${parent.id}/comments`, { body: 'new' });
    expect((await page(parent.id)).comments.map((c) => c.body)).toEqual(['kept', 'new']);
  });

  it('keeps a timeline document only on the local engine', async () => {
    const issue = await createIssue(h, w, { title: 'Where is my timeline' });
    const local = await useLocalFeeds(h.ctx.db, h.ctx.config.LOCAL_ENGINE_FEEDS);
    const timeline = await h.ctx.db
      .collection('issue_timelines')
      .findOne({ _id: issue.id as never });
    expect(!!timeline).toBe(local);
  });
});

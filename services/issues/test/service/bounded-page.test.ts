import { describe, expect, it } from 'vitest';
import { call, createIssue, useIssuesApp } from '../support/harness.js';

/** A 50,000-character description that differs from the one before by its first letters. */
const description = (i: number) => `${i} `.padEnd(50_000, 'lorem ipsum ');

/**
 * Documents and replies that stay bounded however an issue grows: description changes
 * recorded in activity by their first 200 characters and lengths, the page showing the
 * newest comments and activity with cursors to page back, and an outbox that refuses
 * writes (503, Retry-After) instead of growing while NATS is away.
 */
describe('issues: bounded at any size', () => {
  const { h, w } = useIssuesApp('BND');

  // The sizes the storage issue (24) names for this test: 500 edits of a 50,000-character
  // description (50 MB of old and new descriptions if activity kept them whole) and 2,000 comments, far
  // past one page of each (ACTIVITY_SHOWN 100, COMMENTS_SHOWN 50). It is the service layer's
  // longest file, and what it proves is what it costs.
  const EDITS = 500;
  const COMMENTS = 2000;

  it('keeps one issue edited 500 times and commented 2,000 times answering a bounded page', async () => {
    const issue = await createIssue(h, w, { description: description(0) });
    const url = `/api/tasks/${issue.id}`;
    let largest = 0;
    for (let i = 1; i <= EDITS; i++) {
      const res = await call(h, w.owner, 'PATCH', url, { description: description(i) });
      expect(res.statusCode).toBe(200);
      largest = Math.max(largest, res.body.length);
    }
    for (let i = 0; i < COMMENTS; i += 8) {
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, j) =>
          call(h, w.owner, 'POST', `${url}/comments`, { body: `comment ${i + j}` }),
        ),
      );
      for (const r of replies) expect(r.statusCode).toBe(201);
    }

    const page = await call(h, w.owner, 'GET', url);
    expect(page.statusCode).toBe(200);
    // The description itself (50,000) plus 50 comments and 100 entries of bounded size
    // (unbounded, the edits would record 50 MB of descriptions: old and new, 500 times).
    expect(page.body.length).toBeLessThan(200_000);
    expect(largest).toBeLessThan(200_000);
    const data = page.json().data;
    expect(data.comments).toHaveLength(50);
    expect(data.comments.at(-1).body).toMatch(/^comment /);
    expect(data.activity).toHaveLength(100);
    // Oldest first within the page, the newest last.
    const times = data.activity.map((a: { createdAt: string }) => a.createdAt);
    expect([...times].sort()).toEqual(times);

    // Paging back reaches every comment and entry once.
    const all = async (list: 'comments' | 'activity', param: string, older: string) => {
      const seen: Array<{ id: string }> = [];
      let cursor: string | null = null;
      for (;;) {
        const res = await call(h, w.owner, 'GET', cursor ? `${url}?${param}=${cursor}` : url);
        expect(res.statusCode).toBe(200);
        expect(res.body.length).toBeLessThan(200_000);
        const d = res.json().data;
        seen.unshift(...d[list]);
        cursor = d[older];
        if (!cursor) return seen;
      }
    };
    const comments = await all('comments', 'commentsBefore', 'olderComments');
    expect(comments).toHaveLength(COMMENTS);
    expect(new Set(comments.map((c) => c.id)).size).toBe(COMMENTS);
    const activity = (await all('activity', 'activityBefore', 'olderActivity')) as Array<{
      id: string;
      action: string;
      oldValue: string | null;
      newValue: string | null;
      oldLength?: number;
      newLength?: number;
    }>;
    expect(activity).toHaveLength(1 + EDITS + COMMENTS);
    expect(new Set(activity.map((a) => a.id)).size).toBe(1 + EDITS + COMMENTS);
    const edits = activity.filter((a) => a.action === 'description_changed');
    expect(edits).toHaveLength(EDITS);
    expect(edits[EDITS - 1]).toMatchObject({
      oldValue: `${description(EDITS - 1).slice(0, 200)}…`,
      newValue: `${description(EDITS).slice(0, 200)}…`,
      oldLength: 50_000,
      newLength: 50_000,
    });
  }, 600_000);

  it('refuses a cursor it did not hand out (422)', async () => {
    const issue = await createIssue(h, w);
    const res = await call(h, w.owner, 'GET', `/api/tasks/${issue.id}?activityBefore=bm9wZQ`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ details: { field: 'activityBefore' } });
  });

  it('refuses a write to an issue whose outbox is full (NATS away) with 503 and Retry-After', async () => {
    const issue = await createIssue(h, w);
    // Its own creation event first leaves the outbox (under load it can still be there).
    await expect
      .poll(async () => {
        const doc = await h.ctx.db.collection('issues').findOne({ _id: issue.id as never });
        return (doc?._outbox as unknown[] | undefined)?.length ?? 0;
      })
      .toBe(0);
    const waiting = Array.from({ length: 100 }, (_, i) => ({ id: `stuck-${i}`, type: 'x' }));
    await h.ctx.db
      .collection('issues')
      .updateOne({ _id: issue.id as never }, { $push: { _outbox: { $each: waiting } } as never });
    const res = await call(h, w.owner, 'PATCH', `/api/tasks/${issue.id}`, { title: 'Later' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: { rule: 'outbox_full' },
    });
    const stored = await h.ctx.db.collection('issues').findOne({ _id: issue.id as never });
    expect(stored?.title).toBe('An issue');
    expect(stored?._outbox).toHaveLength(100);
    // The stand-ins must not reach the relay's sweep.
    await h.ctx.db
      .collection('issues')
      .updateOne({ _id: issue.id as never }, { $set: { _outbox: [] } });
  });
});

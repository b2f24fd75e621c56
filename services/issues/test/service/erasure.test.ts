import { describe, expect, it } from 'vitest';
import { DELETED_USER_ID } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import { erasureProbe, internalExport } from '@momentum/testing/erasure';
import { call, createIssue, eventually, useIssuesApp } from '../support/harness.js';

/** docs/SECURITY.md, Data protection: issues' part of an export and of an erasure. */
describe('issues: a person’s export and erasure', () => {
  const { h, w } = useIssuesApp('ERA');

  it('exports what a person created and wrote; erasing keeps it as "Deleted user"', async () => {
    const adaP = h.directory.addMember(w.teamId, { name: 'Ada Lovelace' });
    const ada = userActor({ id: adaP.id, name: adaP.name, teamIds: [w.teamId] });
    const mine = await createIssue(h, w, { title: 'Ada’s issue' }, ada);
    const theirs = await createIssue(h, w, { title: 'Owner’s issue', assigneeId: ada.id });
    const comment = await call(h, ada, 'POST', `/api/tasks/${theirs.id}/comments`, {
      body: 'On it',
    });
    expect(comment.statusCode).toBe(201);
    const mention = await call(h, w.owner, 'POST', `/api/tasks/${mine.id}/comments`, {
      body: 'Thanks @ada.lovelace',
    });
    expect(mention.json().data.mentions).toEqual([
      { id: ada.id, name: 'Ada Lovelace', type: 'user' },
    ]);
    expect(
      (await call(h, ada, 'PATCH', `/api/tasks/${mine.id}`, { status: 'in_progress' })).statusCode,
    ).toBe(200);

    const out = await internalExport(h.app, ada.id);
    expect(out.status).toBe(200);
    expect((out.sections.issues as Array<{ _id: string }>).map((i) => i._id)).toEqual([mine.id]);
    expect((out.sections.comments as Array<{ _id: string }>).map((c) => c._id)).toEqual([
      comment.json().data.id,
    ]);

    const probe = await erasureProbe(h.ctx.bus, 'issues');
    const deletionId = await probe.request(ada.id);
    await eventually(async () => probe.count(deletionId) >= 1, 10_000);

    // Nothing in the issues database names Ada any more; the content stays.
    const db = h.ctx.db;
    await eventually(async () => {
      for (const name of ['issues', 'comments', 'activity', 'blockers']) {
        const docs = await db.collection(name).find({}).toArray();
        if (docs.some((d) => JSON.stringify(d).includes(ada.id))) return false;
      }
      return true;
    }, 5000);
    expect(await db.collection('issues').findOne({ _id: mine.id } as never)).toMatchObject({
      createdBy: DELETED_USER_ID,
    });
    expect(await db.collection('issues').findOne({ _id: theirs.id } as never)).toMatchObject({
      assigneeId: null,
    });
    expect(
      await db.collection('comments').findOne({ _id: comment.json().data.id } as never),
    ).toMatchObject({ body: 'On it', userId: DELETED_USER_ID });
    expect(
      (await db.collection('comments').findOne({ _id: mention.json().data.id } as never))!.mentions,
    ).toEqual([{ id: DELETED_USER_ID, name: 'Deleted user', type: 'user' }]);
    expect((await internalExport(h.app, ada.id)).sections).toEqual({});
  });
});

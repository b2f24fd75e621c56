import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey, api, eventually, newTeam, newUser, type TestUser } from '../support/e2e.js';
import { seedEverywhere, stackDatabases } from '../support/personal-data.js';

/**
 * Issue 52 §6 end to end: a person's export holds what they made in every service, and
 * their deletion leaves no document naming them in any service's database (docs/SECURITY.md,
 * Data protection).
 */
describe('your data, your call', () => {
  let ada: TestUser;
  let bob: TestUser;
  let seeded: Awaited<ReturnType<typeof seedEverywhere>>;
  let dbs: Awaited<ReturnType<typeof stackDatabases>>;
  beforeAll(async () => {
    [ada, bob] = await Promise.all([newUser('Ada Export'), newUser('Bob Teammate')]);
    seeded = await seedEverywhere(ada, bob);
    // Bob mentions Ada: a notification in her inbox.
    await api(bob.apiKey, 'POST', `/api/tasks/${seeded.issue.id}/comments`, {
      body: 'Thanks @ada.export',
    });
    dbs = await stackDatabases(inject('stackEnv').MONGO_URL!, inject('dbPrefix'));
  }, 60_000);
  afterAll(() => dbs?.close());

  it('exports everything the person owns or wrote, in every service, as one JSON document', async () => {
    const doc = await eventually(async () => {
      const res = await api(ada.apiKey, 'GET', '/api/users/me/export');
      expect(res.status).toBe(200);
      const data = res.body.data;
      return data.notifications?.notifications?.length ? { res, data } : null;
    }, 15_000);
    const { res, data } = doc;
    expect(res.headers.get('content-type')).toContain('application/json');
    const ids = (list: Array<{ _id?: string; id?: string }> | undefined) =>
      (list ?? []).map((x) => x._id ?? x.id);
    expect(data.user).toMatchObject({ id: ada.id, name: 'Ada Export' });
    expect(ids(data.teams)).toContain(seeded.team.id);
    expect(ids(data.apiKeys)).toContain(seeded.key.id);
    expect(res.text).not.toMatch(/"hash"|"keyHash"|"secret"|\$2[aby]\$/);
    expect(data.habits.profile).toEqual([expect.objectContaining({ _id: ada.id })]);
    expect(ids(data.habits.tasks)).toContain(seeded.todo.id);
    expect(data.habits.completions).toHaveLength(1);
    expect(ids(data.projects.projects)).toContain(seeded.project.id);
    expect(ids(data.issues.issues)).toEqual([seeded.issue.id]);
    expect(ids(data.issues.comments)).toEqual([seeded.comment.id]);
    expect(ids(data.agents.agents)).toEqual([seeded.agent.id]);
    expect(ids(data.webhooks.subscriptions)).toEqual([seeded.webhook.id]);
    expect(data.notifications.notifications[0]).toMatchObject({ recipientId: ada.id });
  });

  it('refuses the last owner of a team with others in it (409), until they are alone', async () => {
    const own = await newTeam(ada, [bob]);
    const refused = await api(ada.apiKey, 'DELETE', '/api/users/me');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');
    expect((await api(ada.apiKey, 'DELETE', `/api/teams/${own.id}/members/${bob.id}`)).status).toBe(
      204,
    );
  });

  it('deletes the person: refused at once, erased by every service, the account gone', async () => {
    const res = await api(ada.apiKey, 'DELETE', '/api/users/me');
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ userId: ada.id, status: 'pending' });
    expect((await api(ada.apiKey, 'GET', '/api/me')).status).toBe(401);
    expect((await api(seeded.key.apiKey, 'GET', '/api/me')).status).toBe(401);

    const done = await eventually(async () => {
      const status = await api(adminKey(), 'GET', `/api/users/${ada.id}/deletion`);
      return status.body.data?.status === 'completed' && status.body.data;
    }, 30_000);
    expect(done).toMatchObject({
      id: res.body.data.id,
      pending: [],
      completedAt: expect.any(String),
    });

    // No document in any service's database names her: her own things are gone, team
    // content is attributed to the deleted user. The erasure record (ids only) remains.
    expect(await dbs.naming(ada.id, ['identity.user_deletions'])).toEqual([]);
    const comment = await api(bob.apiKey, 'GET', `/api/tasks/${seeded.others.id}`);
    expect(comment.status).toBe(200);
    expect(comment.body.data.assigneeId).toBeNull();
    const issue = await api(bob.apiKey, 'GET', `/api/tasks/${seeded.issue.id}`);
    expect(issue.status).toBe(200);
    expect((await api(adminKey(), 'DELETE', `/api/users/${ada.id}`)).status).toBe(202);
  });
});

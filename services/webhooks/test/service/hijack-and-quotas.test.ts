import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import {
  client,
  deliveries,
  sleep,
  startWebhooks,
  subscribe,
  taskCreated,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

/**
 * A teammate may manage a team subscription (events, pause, delete), but where its data goes
 * and the secret that proves it genuine are its creator's (or an admin's) to change; and the
 * data goes out only while whoever set the URL may see it.
 */
describe('a team subscription cannot be hijacked by a teammate', () => {
  let h: Harness;
  let receiver: Receiver;
  const team = randomUUID();
  const ada = userActor({ teamIds: [team] });
  const mallory = userActor({ teamIds: [team] });
  const root = userActor({ teamIds: [team], isAdmin: true });
  beforeAll(async () => {
    h = await startWebhooks();
    receiver = await Receiver.start();
    h.membership.join(ada.id, team).join(mallory.id, team).join(root.id, team);
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.stop();
  });
  const as = (actor: typeof ada) => client(() => h, actor);

  it('a teammate may not change the URL or rotate the secret (403 FORBIDDEN); other changes stay open', async () => {
    const hook = await subscribe(h, ada, { url: receiver.url('/ada'), teamId: team });
    const path = `/api/webhooks/${hook.id}`;
    const moved = await as(mallory).patch(path, { url: 'http://127.0.0.1:9/mallory' });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toEqual({
      error: { code: 'FORBIDDEN', message: expect.stringMatching(/creator or an admin/) },
    });
    const rotated = await as(mallory).post(`${path}/rotate-secret`);
    expect(rotated.statusCode).toBe(403);
    expect(rotated.json().error.code).toBe('FORBIDDEN');
    expect((await as(ada).get(path)).json().data.url).toBe(receiver.url('/ada'));
    // The same URL again is no change of destination; a description is a teammate's to edit.
    const same = await as(mallory).patch(path, { url: receiver.url('/ada'), description: 'ok' });
    expect(same.statusCode).toBe(200);
    expect((await as(ada).post(`${path}/rotate-secret`)).statusCode).toBe(200);
    expect((await as(root).post(`${path}/rotate-secret`)).statusCode).toBe(200);
  });

  it('shows the URL to its creator and admins only; a teammate sees null', async () => {
    const hook = await subscribe(h, ada, { url: receiver.url('/secret-path'), teamId: team });
    const path = `/api/webhooks/${hook.id}`;
    expect(hook.url).toBe(receiver.url('/secret-path'));
    expect((await as(ada).get(path)).json().data.url).toBe(receiver.url('/secret-path'));
    expect((await as(root).get(path)).json().data.url).toBe(receiver.url('/secret-path'));
    const seen = await as(mallory).get(path);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ id: hook.id, url: null, teamId: team });
    const listed = (await as(mallory).get(`/api/webhooks?teamId=${team}`)).json().data;
    expect(listed.find((w: { id: string }) => w.id === hook.id)).toMatchObject({ url: null });
    const edited = await as(mallory).patch(path, { description: 'seen by a teammate' });
    expect(edited.json().data).toMatchObject({ url: null, description: 'seen by a teammate' });
  });

  it('deliveries follow the membership of whoever last set the URL', async () => {
    const hook = await subscribe(h, ada, { url: receiver.url('/old'), teamId: team });
    // The admin moves it; later the admin leaves the team: nothing goes to the admin's URL.
    const to = `/${randomUUID()}`;
    expect(
      (await as(root).patch(`/api/webhooks/${hook.id}`, { url: receiver.url(to) })).statusCode,
    ).toBe(200);
    const got = () => receiver.received.filter((r) => r.path === to);
    await taskCreated(h, randomUUID(), team);
    await until(async () => got().length === 1);

    h.membership.leave(root.id, team);
    const after = await taskCreated(h, randomUUID(), team);
    const skipped = await until(async () =>
      (await deliveries(h, ada, hook.id)).find(
        (d) => d.eventId === after.id && d.status === 'skipped',
      ),
    );
    expect(skipped).toMatchObject({ attempts: 0 });
    await sleep(200);
    expect(got()).toHaveLength(1);
  });
});

describe('webhook subscription quotas', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startWebhooks({ env: { WEBHOOKS_MAX_PER_USER: '3', WEBHOOKS_MAX_PER_TEAM: '4' } });
  });
  afterAll(() => h?.close());
  const url = 'http://127.0.0.1:9/hook';

  it('per user: 409 QUOTA_EXCEEDED with details {limit} past it; deleting one makes room', async () => {
    const eve = userActor();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await subscribe(h, eve, { url }));
    const over = await client(() => h, eve).post('/api/webhooks', { url, events: ['*'] });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: { code: 'QUOTA_EXCEEDED', message: expect.any(String), details: { limit: 3 } },
    });
    await client(() => h, eve).delete(`/api/webhooks/${made[0]!.id}`);
    expect(
      (await client(() => h, eve).post('/api/webhooks', { url, events: ['*'] })).statusCode,
    ).toBe(201);
  });

  it('per team: whoever creates them, the team has at most its limit', async () => {
    const team = randomUUID();
    const members = Array.from({ length: 3 }, () => userActor({ teamIds: [team] }));
    for (const m of members) await subscribe(h, m, { url, teamId: team });
    await subscribe(h, members[0]!, { url, teamId: team });
    const over = await client(() => h, members[1]!).post('/api/webhooks', {
      url,
      teamId: team,
      events: ['*'],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { limit: 4 } });
    // A personal one for the same member is still fine.
    expect(
      (await client(() => h, members[1]!).post('/api/webhooks', { url, events: ['*'] })).statusCode,
    ).toBe(201);
  });
});

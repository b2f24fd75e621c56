import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SCOPES, SYSTEM_ACTOR } from '@momentum/contracts';
import { checkSecret, parseApiKey } from '@momentum/keys';
import type { ServiceContext } from '@momentum/runtime';
import { agentActor, injectAs, testConfig, testContext, userActor } from '@momentum/testing';
import { IdentityConfigSchema, type IdentityConfig } from '../../src/config.js';
import { buildIdentityApp } from '../../src/app.js';

const ADMIN_KEY = 'svc_utestadmin01_abcdefghijklmnopqrstuvwxyz0123456789';

describe('identity service', () => {
  let ctx: ServiceContext<IdentityConfig>;
  let app: FastifyInstance;
  let adminId: string;

  beforeAll(async () => {
    const config = IdentityConfigSchema.parse(testConfig({ ADMIN_API_KEY: ADMIN_KEY }));
    ctx = await testContext('identity', config);
    app = await buildIdentityApp(ctx);
    const res = await injectAs(app, SYSTEM_ACTOR, {
      method: 'GET',
      url: '/internal/keys/utestadmin01',
    });
    adminId = res.json().data.actor.id;
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  const admin = () => userActor({ id: adminId, isAdmin: true, name: 'Admin' });

  it('refuses a request without the signed actor header', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });

  it('refuses a header signed with another secret', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: {
        'x-momentum-actor': 'e30',
        'x-momentum-actor-ts': String(Date.now()),
        'x-momentum-actor-sig': 'forged',
      },
    });
    expect(res.statusCode).toBe(401);
  });

  it('ensures the admin from ADMIN_API_KEY idempotently, storing only a hash', async () => {
    const again = await buildIdentityApp(ctx);
    await again.close();
    const res = await injectAs(app, SYSTEM_ACTOR, {
      method: 'GET',
      url: '/internal/keys/utestadmin01',
    });
    const record = res.json().data;
    expect(record.actor).toMatchObject({ id: adminId, isAdmin: true, type: 'user' });
    expect(record.hash).not.toContain(parseApiKey(ADMIN_KEY)!.secret);
    expect(await checkSecret(parseApiKey(ADMIN_KEY)!.secret, record.hash)).toBe(true);
    const admins = await ctx.db.collection('users').countDocuments({ bootstrap: true });
    expect(admins).toBe(1);
  });

  it('GET /api/me answers who the admin is', async () => {
    const res = await injectAs(app, admin(), { method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'user',
      id: adminId,
      isAdmin: true,
      teamIds: [],
    });
  });

  it('lets only an admin create users, and the new key works', async () => {
    const res = await injectAs(app, admin(), {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Ada', email: 'ada@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const { user, apiKey } = res.json().data;
    expect(user).toMatchObject({
      id: expect.any(String),
      name: 'Ada',
      email: 'ada@example.com',
      createdAt: expect.any(String),
    });
    expect(apiKey).toMatch(/^svc_u[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
    const record = await injectAs(app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/keys/${parseApiKey(apiKey)!.keyId}`,
    });
    expect(record.json().data.actor.id).toBe(user.id);
    expect(await checkSecret(parseApiKey(apiKey)!.secret, record.json().data.hash)).toBe(true);

    const denied = await injectAs(app, userActor({ id: user.id }), {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Eve' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('FORBIDDEN');
  });

  it('validates user input with spec details', async () => {
    const missing = await injectAs(app, admin(), {
      method: 'POST',
      url: '/api/users',
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'name', rule: 'required' },
    });
    const long = await injectAs(app, admin(), {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'x'.repeat(101) },
    });
    expect(long.json().error.details).toMatchObject({
      field: 'name',
      rule: 'max_length',
      max: 100,
    });
  });

  it('creates, lists and revokes extra keys', async () => {
    const me = userActor({ id: adminId, isAdmin: true });
    const created = await injectAs(app, me, { method: 'POST', url: '/api/users/me/api-keys' });
    expect(created.statusCode).toBe(201);
    const { id, apiKey } = created.json().data;
    const keyId = parseApiKey(apiKey)!.keyId;
    const del = await injectAs(app, me, { method: 'DELETE', url: `/api/users/me/api-keys/${id}` });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const lookup = await injectAs(app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/keys/${keyId}`,
    });
    expect(lookup.statusCode).toBe(404);
    const again = await injectAs(app, me, {
      method: 'DELETE',
      url: `/api/users/me/api-keys/${id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('creates teams with derived unique keys and manages members', async () => {
    const ada = (
      await injectAs(app, admin(), {
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Grace' },
      })
    ).json().data.user;
    const bob = (
      await injectAs(app, admin(), { method: 'POST', url: '/api/users', payload: { name: 'Bob' } })
    ).json().data.user;
    const actor = userActor({ id: ada.id });
    const t1 = await injectAs(app, actor, {
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'Platform Engineering' },
    });
    expect(t1.statusCode).toBe(201);
    expect(t1.json().data).toMatchObject({
      name: 'Platform Engineering',
      key: 'PE',
      id: expect.any(String),
    });
    const t2 = await injectAs(app, actor, {
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'Product Excellence' },
    });
    expect(t2.json().data.key).toBe('PE2');
    const teamId = t1.json().data.id;

    const outsider = userActor({ id: bob.id });
    const refused = await injectAs(app, outsider, {
      method: 'POST',
      url: `/api/teams/${teamId}/members`,
      payload: { userId: bob.id },
    });
    expect(refused.statusCode).toBe(403);

    const added = await injectAs(app, actor, {
      method: 'POST',
      url: `/api/teams/${teamId}/members`,
      payload: { userId: bob.id },
    });
    expect(added.statusCode).toBe(201);
    const unknown = await injectAs(app, actor, {
      method: 'POST',
      url: `/api/teams/${teamId}/members`,
      payload: { userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);

    const bobKeyActor = await injectAs(app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/users/${bob.id}`,
    });
    expect(bobKeyActor.json().data.teamIds).toEqual([teamId]);

    const list = await injectAs(
      app,
      userActor({ id: ada.id, teamIds: [teamId, t2.json().data.id] }),
      { method: 'GET', url: '/api/teams' },
    );
    expect(list.json().data.map((t: { key: string }) => t.key)).toEqual(['PE', 'PE2']);

    const removed = await injectAs(app, actor, {
      method: 'DELETE',
      url: `/api/teams/${teamId}/members/${bob.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const after = await injectAs(app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/users/${bob.id}`,
    });
    expect(after.json().data.teamIds).toEqual([]);
  });

  it('refuses agents that try to create users, teams or keys', async () => {
    const agent = agentActor(adminId);
    for (const [url, payload] of [
      ['/api/users', { name: 'x' }],
      ['/api/teams', { name: 'x' }],
      ['/api/users/me/api-keys', undefined],
    ] as const) {
      const res = await injectAs(app, agent, { method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('answers /api/me for an agent from its actor', async () => {
    // Team ids are UUIDs, as the reply's schema says.
    const teamId = '00000000-0000-4000-8000-000000000001';
    const agent = agentActor(adminId, { name: 'Robo', agentTeamId: null, teamIds: [teamId] });
    const res = await injectAs(app, agent, { method: 'GET', url: '/api/me' });
    expect(res.json().data).toEqual({
      type: 'agent',
      id: agent.id,
      name: 'Robo',
      ownerId: adminId,
      teamId: null,
      teamIds: [teamId],
      isAdmin: false,
      scopes: SCOPES,
      expiresAt: null,
    });
  });

  it('hides internal routes from non-system actors', async () => {
    const res = await injectAs(app, admin(), { method: 'GET', url: `/internal/users/${adminId}` });
    expect(res.statusCode).toBe(404);
  });
});

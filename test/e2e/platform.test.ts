import { describe, expect, it } from 'vitest';
import { adminKey, api, gatewayUrl, newUser, serviceUrls } from '../support/e2e.js';

describe('platform through the gateway', () => {
  it('GET /health (alive) and GET /ready (reports every service) need no key', async () => {
    const res = await api(null, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    const ready = await api(null, 'GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
    expect(ready.body.services).toMatchObject({
      identity: 'ok',
      habits: 'ok',
      projects: 'ok',
      issues: 'ok',
      agents: 'ok',
      webhooks: 'ok',
    });
    expect(Object.values(ready.body.services).every((s) => s === 'ok')).toBe(true);
  });

  it('answers 401 in shape A without a key, and in shape B on /api/agents', async () => {
    for (const path of ['/api/tasks', '/api/projects', '/api/me', '/api/teams']) {
      const res = await api(null, 'GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body, path).toEqual({
        error: { code: 'UNAUTHORIZED', message: expect.any(String) },
      });
    }
    const agents = await api(null, 'GET', '/api/agents');
    expect(agents.status).toBe(401);
    expect(agents.body).toEqual({ statusCode: 401, message: expect.any(String) });
  });

  it('refuses malformed and unknown keys', async () => {
    for (const key of [
      'nope',
      'svc_',
      'svc_abc',
      'svc_uffff_notarealsecretnotarealsecret',
      `${adminKey()}x`,
    ]) {
      const res = await api(key, 'GET', '/api/me');
      expect(res.status, key).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
    const basic = await fetch(`${gatewayUrl()}/api/me`, {
      headers: { authorization: 'Basic Zm9vOmJhcg==' },
    });
    expect(basic.status).toBe(401);
  });

  it('the admin key acts as the admin user', async () => {
    const res = await api(adminKey(), 'GET', '/api/me');
    expect(res.status).toBe(200);
    // teamIds: other files running alongside may have made the admin a team member.
    expect(res.body.data).toMatchObject({
      type: 'user',
      isAdmin: true,
      id: expect.any(String),
      teamIds: expect.any(Array),
    });
  });

  it('a key from POST /api/users works; only admins create users', async () => {
    const user = await newUser('Margaret');
    const me = await api(user.apiKey, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      type: 'user',
      id: user.id,
      name: 'Margaret',
      isAdmin: false,
    });
    const denied = await api(user.apiKey, 'POST', '/api/users', { name: 'Mallory' });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('FORBIDDEN');
  });

  it('a revoked key is refused at once, after it was cached as valid', async () => {
    const user = await newUser();
    const extra = await api(user.apiKey, 'POST', '/api/users/me/api-keys');
    expect(extra.status).toBe(201);
    // docs/API.md, Key scopes and expiry: a key made without a body holds every scope, forever.
    expect(extra.body.data).toEqual({
      id: expect.any(String),
      apiKey: expect.stringMatching(/^svc_/),
      name: null,
      scopes: null,
      expiresAt: null,
    });
    expect((await api(extra.body.data.apiKey, 'GET', '/api/me')).status).toBe(200);
    const revoked = await api(
      user.apiKey,
      'DELETE',
      `/api/users/me/api-keys/${extra.body.data.id}`,
    );
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    const after = await api(extra.body.data.apiKey, 'GET', '/api/me');
    expect(after.status).toBe(401);
    expect((await api(user.apiKey, 'GET', '/api/me')).status).toBe(200);
  });

  it('a service port reached directly refuses requests without the signed actor header', async () => {
    for (const [name, url] of Object.entries(serviceUrls())) {
      const res = await fetch(`${url}/api/me`, {
        headers: { authorization: `Bearer ${adminKey()}` },
      });
      expect(res.status, name).toBe(401);
      const forged = await fetch(`${url}/api/tasks`, {
        headers: {
          'x-momentum-actor': 'eyJ0eXBlIjoidXNlciJ9',
          'x-momentum-actor-ts': String(Date.now()),
          'x-momentum-actor-sig': 'AAAA',
        },
      });
      expect(forged.status, name).toBe(401);
    }
  });

  it('refuses bodies over 1 MiB with 413, malformed JSON with 400, unknown routes with 404', async () => {
    const big = await api(
      adminKey(),
      'POST',
      '/api/tasks',
      JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) }),
    );
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const bad = await api(adminKey(), 'POST', '/api/teams', '{"name": ');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
    const missing = await api(adminKey(), 'GET', '/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('sends security headers and a request id, never a stack trace', async () => {
    const res = await api(adminKey(), 'GET', '/api/me');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    const bad = await api(adminKey(), 'POST', '/api/teams', '{"name": ');
    expect(bad.text).not.toMatch(/at .*\.(ts|js|mjs):\d+/);
  });

  it('serves one merged OpenAPI 3.1 document and readable docs', async () => {
    const res = await api(null, 'GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const path of [
      '/api/me',
      '/api/users',
      '/api/teams',
      '/api/tasks',
      '/api/tasks/{id}',
      '/api/projects',
      '/api/agents',
    ]) {
      expect(Object.keys(res.body.paths), path).toContain(path);
    }
    const docs = await fetch(`${gatewayUrl()}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('/api/projects');
  });

  it('manages teams and memberships through the gateway', async () => {
    const owner = await newUser();
    const other = await newUser();
    const team = await api(owner.apiKey, 'POST', '/api/teams', { name: 'Design Systems' });
    expect(team.status).toBe(201);
    expect(team.body.data).toEqual({
      id: expect.any(String),
      name: 'Design Systems',
      key: expect.stringMatching(/^DS\d*$/),
      role: 'owner',
      createdAt: expect.any(String),
    });
    const outsider = await api(other.apiKey, 'POST', `/api/teams/${team.body.data.id}/members`, {
      userId: other.id,
    });
    expect(outsider.status).toBe(403);
    const added = await api(owner.apiKey, 'POST', `/api/teams/${team.body.data.id}/members`, {
      userId: other.id,
    });
    expect(added.status).toBe(201);
    // The member's cached identity learns the new team at once.
    const me = await api(other.apiKey, 'GET', '/api/me');
    expect(me.body.data.teamIds).toEqual([team.body.data.id]);
    const teams = await api(other.apiKey, 'GET', '/api/teams');
    expect(teams.body.data.map((t: { id: string; role: string }) => [t.id, t.role])).toEqual([
      [team.body.data.id, 'member'],
    ]);
    const removed = await api(
      owner.apiKey,
      'DELETE',
      `/api/teams/${team.body.data.id}/members/${other.id}`,
    );
    expect(removed.status).toBe(204);
  });
});

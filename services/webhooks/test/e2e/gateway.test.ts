import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  api,
  eventually,
  gatewayUrl,
  newTeam,
  newUser,
  type TestTeam,
  type TestUser,
} from '../../../../test/support/e2e.js';
import { Receiver, type Received } from '../service/receiver.js';

/**
 * The webhooks service as users reach it: through the gateway of the whole stack (which
 * `npm start` runs the same way, with WEBHOOKS_ALLOW_PRIVATE_URLS=true so a receiver on
 * loopback is allowed). A real receiver on 127.0.0.1 gets the signed POSTs and verifies them
 * with the `standardwebhooks` package, as an integration would.
 */
let receiver: Receiver;
let user: TestUser;
let team: TestTeam;
beforeAll(async () => {
  receiver = await Receiver.start();
  user = await newUser();
  team = await newTeam(user);
});
afterAll(() => receiver.stop());

const SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

/** Verifies a received POST as a receiver would, and returns the message it carried. */
function verified(secret: string, got: Received) {
  const headers = {
    'webhook-id': got.id,
    'webhook-timestamp': got.timestamp,
    'webhook-signature': got.signature,
  };
  const message = new Webhook(secret).verify(got.body, headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
  expect(JSON.parse(got.body)).toEqual(message);
  return message;
}

/** The first POST to `path` whose body has `type` and matches `match`. */
const arrival = (path: string, type: string, match: (data: Record<string, unknown>) => boolean) =>
  eventually(
    async () =>
      receiver.received.find((r) => {
        if (r.path !== path) return false;
        const body = JSON.parse(r.body) as { type: string; data: Record<string, unknown> };
        return body.type === type && match(body.data);
      }),
    20_000,
    100,
  );

describe('webhooks through the gateway', () => {
  it('serves the event catalogue and documents the webhooks API in /openapi.json', async () => {
    const catalogue = await api(user.apiKey, 'GET', '/api/webhooks/event-types');
    expect(catalogue.status).toBe(200);
    const types = catalogue.body.data.map((t: { type: string }) => t.type);
    expect(types).toEqual(expect.arrayContaining(['task.completed', 'issue.created']));

    const doc = (await (await fetch(`${gatewayUrl()}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
      tags: Array<{ name: string }>;
      webhooks: Record<string, { post: Record<string, any> }>;
    };
    for (const [path, method] of [
      ['/api/webhooks', 'post'],
      ['/api/webhooks', 'get'],
      ['/api/webhooks/{id}', 'patch'],
      ['/api/webhooks/{id}/rotate-secret', 'post'],
      ['/api/webhooks/{id}/deliveries', 'get'],
      ['/api/webhooks/event-types', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toMatchObject({
        tags: ['webhooks'],
        'x-service': 'webhooks',
      });
    }
    expect(doc.tags.map((t) => t.name)).toContain('webhooks');
    // The catalogue as OpenAPI 3.1 `webhooks`: one signed POST per event type, its payload's fields.
    expect(Object.keys(doc.webhooks).sort()).toEqual([...types].sort());
    const completed = doc.webhooks['task.completed']!.post;
    expect(completed.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const schema = completed.requestBody.content['application/json'].schema;
    expect(schema.properties.type).toMatchObject({ const: 'task.completed' });
    expect(Object.keys(schema.properties.data.properties)).toEqual(
      Object.keys(
        catalogue.body.data.find((t: { type: string }) => t.type === 'task.completed').payload,
      ),
    );
  });

  it('a personal webhook gets a completed to-do, signed; a replayed create shows no secret again', async () => {
    const body = {
      url: receiver.url('/personal'),
      events: ['task.completed'],
      description: 'my to-dos',
    };
    const idem = { 'idempotency-key': `create-${user.id}` };
    const created = await api(user.apiKey, 'POST', '/api/webhooks', body, idem);
    expect(created.status).toBe(201);
    const hook = created.body.data;
    expect(hook).toMatchObject({
      url: body.url,
      events: ['task.completed'],
      teamId: null,
      active: true,
      description: 'my to-dos',
    });
    expect(hook.secret).toMatch(SECRET);

    // The retry of the same create neither makes a second webhook nor shows the secret again.
    const replay = await api(user.apiKey, 'POST', '/api/webhooks', body, idem);
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('CONFLICT');
    expect(replay.text).not.toContain('whsec_');
    expect(replay.text).not.toContain(hook.secret.slice('whsec_'.length));
    const listed = await api(user.apiKey, 'GET', '/api/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.data.filter((w: { url: string }) => w.url === body.url)).toHaveLength(1);
    const fetched = await api(user.apiKey, 'GET', `/api/webhooks/${hook.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.text).not.toContain('whsec_');

    const todo = await api(user.apiKey, 'POST', '/api/tasks', {
      type: 'todo',
      title: 'Send the invoice',
      difficulty: 'easy',
    });
    expect(todo.status).toBe(201);
    const done = await api(user.apiKey, 'POST', `/api/tasks/${todo.body.data.id}/complete`);
    expect(done.status).toBe(200);

    const got = await arrival('/personal', 'task.completed', (d) => d.id === todo.body.data.id);
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    const message = verified(hook.secret, got);
    expect(message).toEqual({
      type: 'task.completed',
      timestamp: expect.any(String),
      data: expect.objectContaining({
        id: todo.body.data.id,
        userId: user.id,
        teamId: null,
        type: 'todo',
        completedBy: user.id,
        streak: 1,
        xpEarned: done.body.data.xpEarned,
        actor: { type: 'user', id: user.id },
      }),
    });
    // Signed with this webhook's secret and no other.
    const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(() => verified(other, got)).toThrow();

    const log = await eventually(async () => {
      const res = await api(user.apiKey, 'GET', `/api/webhooks/${hook.id}/deliveries`);
      return res.body.data.find(
        (d: { eventId: string; status: string }) => d.eventId === got.id && d.status !== 'pending',
      );
    }, 10_000);
    expect(log).toMatchObject({
      eventType: 'task.completed',
      status: 'succeeded',
      attempts: 1,
      lastResponseCode: 200,
    });
  });

  it('a team webhook gets a new issue; after a rotation both secrets verify, and a replayed rotation shows neither', async () => {
    const created = await api(user.apiKey, 'POST', '/api/webhooks', {
      url: receiver.url('/team'),
      events: ['issue.created'],
      teamId: team.id,
    });
    expect(created.status).toBe(201);
    const hook = created.body.data;
    expect(hook.secret).toMatch(SECRET);

    const project = await api(user.apiKey, 'POST', '/api/projects', {
      teamId: team.id,
      name: 'Webhooks e2e',
    });
    expect(project.status).toBe(201);
    const issue = await api(user.apiKey, 'POST', '/api/tasks', {
      projectId: project.body.data.id,
      title: 'Checkout times out',
    });
    expect(issue.status).toBe(201);
    const got = await arrival('/team', 'issue.created', (d) => d.id === issue.body.data.id);
    expect(verified(hook.secret, got).data).toMatchObject({
      id: issue.body.data.id,
      projectId: project.body.data.id,
      teamId: team.id,
      identifier: issue.body.data.identifier,
      status: issue.body.data.status,
      actor: { type: 'user', id: user.id },
    });

    const idem = { 'idempotency-key': `rotate-${hook.id}` };
    const rotated = await api(
      user.apiKey,
      'POST',
      `/api/webhooks/${hook.id}/rotate-secret`,
      undefined,
      idem,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.data).toMatchObject({ id: hook.id, secret: expect.stringMatching(SECRET) });
    expect(rotated.body.data.secret).not.toBe(hook.secret);
    const replay = await api(
      user.apiKey,
      'POST',
      `/api/webhooks/${hook.id}/rotate-secret`,
      undefined,
      idem,
    );
    expect(replay.status).toBe(409);
    expect(replay.text).not.toContain('whsec_');

    const second = await api(user.apiKey, 'POST', '/api/tasks', {
      projectId: project.body.data.id,
      title: 'Refunds are slow',
    });
    expect(second.status).toBe(201);
    const next = await arrival('/team', 'issue.created', (d) => d.id === second.body.data.id);
    // During the grace period the old secret still verifies, and so does the new one.
    expect(verified(rotated.body.data.secret, next).data.id).toBe(second.body.data.id);
    expect(verified(hook.secret, next).data.id).toBe(second.body.data.id);
  });

  it('refuses an agent key in shape A, and a team the caller is not in', async () => {
    const agent = await api(user.apiKey, 'POST', '/api/agents', {
      name: 'hooks-bot',
      teamId: team.id,
    });
    expect(agent.status).toBe(201);
    const minted = await api(user.apiKey, 'POST', `/api/agents/${agent.body.data.id}/api-key`);
    const refused = await api(minted.body.data.apiKey, 'POST', '/api/webhooks', {
      url: receiver.url('/agent'),
      events: ['*'],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });

    const stranger = await newUser();
    const notMember = await api(stranger.apiKey, 'POST', '/api/webhooks', {
      url: receiver.url('/stranger'),
      events: ['issue.created'],
      teamId: team.id,
    });
    expect(notMember.status).toBe(403);
  });
});

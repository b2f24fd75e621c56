import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userActor, useStarted } from '@momentum/testing';
import { client, startWebhooks, subscribe, type Harness } from './harness.js';

/**
 * A webhook delivers what the API would show: a key may subscribe only to events it could
 * read through the API (its scopes), so `webhooks:write` alone does not read issues.
 */
describe('webhook subscriptions and key scopes', () => {
  const h: Harness = useStarted(() => startWebhooks());
  const eng = randomUUID();
  const url = 'http://127.0.0.1:9/hook';
  const limited = userActor({
    teamIds: [eng],
    scopes: ['webhooks:read', 'webhooks:write', 'tasks:read'],
  });
  const as = client(() => h, limited);

  it('subscribes to the events its scopes can read', async () => {
    const res = await as.post('/api/webhooks', { url, events: ['task.created', 'task.completed'] });
    expect(res.statusCode).toBe(201);
  });

  it('is refused events beyond its scopes, with the scope it lacks', async () => {
    const cases: Array<[object, string]> = [
      [{ url, teamId: eng, events: ['issue.created'] }, 'issues:read'],
      [{ url, teamId: eng, events: ['task.created', 'membership.added'] }, 'teams:read'],
      [{ url, events: ['*'] }, 'profile:read'],
    ];
    for (const [body, requiredScope] of cases) {
      const res = await as.post('/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', details: { requiredScope } });
    }
  });

  it('cannot widen a subscription to such events later', async () => {
    const mine = await subscribe(h, limited, { url, events: ['task.created'] });
    const res = await as.patch(`/api/webhooks/${mine.id}`, { events: ['agent.created'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details).toEqual({ requiredScope: 'agents:read' });
  });

  it('a key with every scope subscribes to everything, as before', async () => {
    const full = userActor({ teamIds: [eng] });
    expect((await subscribe(h, full, { url, events: ['*'] })).id).toEqual(expect.any(String));
  });
});

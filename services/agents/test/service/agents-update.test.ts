import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentActor } from '@momentum/testing';
import { useHarness, waitFor } from '../support/harness.js';
import { agentApi } from '../support/agent-api.js';
import { ISO, shapeB } from '../support/expect.js';

describe('agents: update, delete, and who may write', () => {
  const h = useHarness();
  const { create } = agentApi(h);

  it('updates any field and answers the whole record', async () => {
    const team = randomUUID();
    const owner = h.user([team]);
    const created = (await create(owner, { name: 'Before' })).json().data;
    const changes = {
      name: 'After',
      description: 'new',
      capabilities: ['review'],
      teamId: team,
      isActive: false,
      config: { tone: 'brief', limits: { perHour: 10 } },
    };
    const res = await h.as(owner, {
      method: 'PATCH',
      url: `/api/agents/${created.id}`,
      payload: changes,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ...created,
      ...changes,
      updatedAt: expect.stringMatching(ISO),
    });

    const detached = await h.as(owner, {
      method: 'PATCH',
      url: `/api/agents/${created.id}`,
      payload: { teamId: null, isActive: true },
    });
    expect(detached.json().data).toMatchObject({ teamId: null, isActive: true, name: 'After' });
    const listed = await h.as(owner, { method: 'GET', url: '/api/agents' });
    expect(listed.json().data[0]).toEqual(detached.json().data);
  });

  it('refuses to move an agent to a team the caller is not in (403), leaving it unchanged', async () => {
    const owner = h.user([randomUUID()]);
    const created = (await create(owner, { name: 'Stay' })).json().data;
    const res = await h.as(owner, {
      method: 'PATCH',
      url: `/api/agents/${created.id}`,
      payload: { teamId: randomUUID() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(shapeB(403));
    const after = await h.as(owner, { method: 'GET', url: `/api/agents/${created.id}` });
    expect(after.json().data.teamId).toBeNull();
  });

  it('validates PATCH bodies with 400 naming the field', async () => {
    const owner = h.user();
    const id = (await create(owner, { name: 'V' })).json().data.id;
    for (const [payload, field] of [
      [{}, 'body'],
      [{ isActive: 'yes' }, 'isActive'],
      [{ name: '' }, 'name'],
      [{ ownerId: randomUUID() }, 'ownerId'],
      [{ config: null }, 'config'],
      [{ config: { nested: { $set: 1 } } }, 'config.nested'],
    ] as const) {
      const res = await h.as(owner, {
        method: 'PATCH',
        url: `/api/agents/${id}`,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message.startsWith(field), res.json().message).toBe(true);
    }
  });

  it("answers 404 for another owner's agent on PATCH and DELETE, and changes nothing", async () => {
    const owner = h.user();
    const id = (await create(owner, { name: 'Guarded' })).json().data.id;
    const stranger = h.user();
    const patch = await h.as(stranger, {
      method: 'PATCH',
      url: `/api/agents/${id}`,
      payload: { name: 'Taken' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual(shapeB(404));
    const del = await h.as(stranger, { method: 'DELETE', url: `/api/agents/${id}` });
    expect(del.statusCode).toBe(404);
    const still = await h.as(owner, { method: 'GET', url: `/api/agents/${id}` });
    expect(still.json().data.name).toBe('Guarded');
  });

  it('deletes with 204; the agent is gone from reads and writes', async () => {
    const owner = h.user();
    const id = (await create(owner, { name: 'Doomed' })).json().data.id;
    const del = await h.as(owner, { method: 'DELETE', url: `/api/agents/${id}` });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await h.as(owner, { method: 'GET', url: `/api/agents/${id}` })).statusCode).toBe(404);
    expect((await h.as(owner, { method: 'GET', url: '/api/agents' })).json().data).toEqual([]);
    expect(
      (await h.as(owner, { method: 'PATCH', url: `/api/agents/${id}`, payload: { name: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await h.as(owner, { method: 'DELETE', url: `/api/agents/${id}` })).statusCode).toBe(
      404,
    );
    const deleted = await waitFor(() =>
      h.events.find(
        (e) => e.type === 'agents.agent.deleted' && (e.data as { id: string }).id === id,
      ),
    );
    expect(deleted.data).toMatchObject({ id, ownerId: owner.id, isActive: false });
  });

  it('refuses every write made with an agent key (403), also on its own owner’s agents', async () => {
    const owner = h.user();
    const id = (await create(owner, { name: 'Target' })).json().data.id;
    const asAgent = agentActor(owner.id);
    for (const [method, url, payload] of [
      ['POST', '/api/agents', { name: 'Spawn' }],
      ['PATCH', `/api/agents/${id}`, { isActive: false }],
      ['DELETE', `/api/agents/${id}`, undefined],
      ['POST', `/api/agents/${id}/api-key`, undefined],
      ['POST', `/api/agents/${id}/regen-key`, undefined],
    ] as const) {
      const res = await h.as(asAgent, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual(shapeB(403));
    }
    const unchanged = await h.as(owner, { method: 'GET', url: `/api/agents/${id}` });
    expect(unchanged.json().data).toMatchObject({ isActive: true, hasApiKey: false });
  });
});

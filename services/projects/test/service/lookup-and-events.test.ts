import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EventTypes,
  RequestSubjects,
  SYSTEM_ACTOR,
  type ProjectLookupReply,
} from '@momentum/contracts';
import { connectService } from '@momentum/runtime';
import { injectAs } from '@momentum/testing';
import { buildProjectsApp } from '../../src/app.js';
import { createProject, member, recordEvents, until, useProjectsApp } from './harness.js';

describe('project lookups and events', () => {
  const h = useProjectsApp();

  const outboxEmpty = (id: string) =>
    until(async () => {
      const doc = await h.ctx.db.collection('projects').findOne({ _id: id } as never);
      return doc && (doc._outbox ?? []).length === 0;
    });
  const lookup = (data: unknown) =>
    h.ctx.bus.request<ProjectLookupReply>(RequestSubjects.projectLookup, data);

  it('answers the NATS lookup at once after create, every time', async () => {
    const ada = member(h);
    for (let i = 0; i < 20; i++) {
      const p = await createProject(h, ada, { name: `Fresh ${i}` });
      expect(await lookup({ id: p.id })).toEqual({
        id: p.id,
        teamId: ada.teamIds[0],
        key: p.key,
        name: p.name,
      });
    }
  });

  it('answers null for an unknown id or a malformed request', async () => {
    expect(await lookup({ id: randomUUID() })).toBeNull();
    expect(await lookup({})).toBeNull();
    expect(await lookup('nonsense')).toBeNull();
    expect(await lookup({ id: { $ne: null } })).toBeNull();
  });

  it('GET /internal/projects/:id answers the same data to services only', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Internal' });
    const res = await injectAs(h.app, SYSTEM_ACTOR, {
      method: 'GET',
      url: `/internal/projects/${p.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { id: p.id, teamId: p.teamId, key: p.key, name: 'Internal' },
    });
    expect(
      (
        await injectAs(h.app, SYSTEM_ACTOR, {
          method: 'GET',
          url: `/internal/projects/${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await injectAs(h.app, ada, { method: 'GET', url: `/internal/projects/${p.id}` })).statusCode,
    ).toBe(404);
  });

  it('publishes created and updated events through the outbox, then empties it', async () => {
    const seen = recordEvents(h, 'projects');
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Evented', status: 'started' });
    const created = await until(async () =>
      seen.find(
        (e) =>
          e.type === EventTypes.projects.projectCreated && (e.data as { id: string }).id === p.id,
      ),
    );
    expect(created).toMatchObject({
      id: expect.any(String),
      occurredAt: expect.any(String),
      actor: { type: 'user', id: ada.id, userId: ada.id },
      data: {
        id: p.id,
        teamId: p.teamId,
        key: p.key,
        name: 'Evented',
        slug: p.slug,
        status: 'started',
      },
    });

    await injectAs(h.app, ada, {
      method: 'PATCH',
      url: `/api/projects/${p.id}`,
      payload: { name: 'Renamed', status: 'paused' },
    });
    const updated = await until(async () =>
      seen.find(
        (e) =>
          e.type === EventTypes.projects.projectUpdated && (e.data as { id: string }).id === p.id,
      ),
    );
    expect(updated.data).toEqual({
      id: p.id,
      teamId: p.teamId,
      key: p.key,
      name: 'Renamed',
      slug: p.slug,
      status: 'paused',
    });

    await outboxEmpty(p.id);
  });

  it('does not touch updatedAt when the outbox is cleared', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Quiet' });
    await outboxEmpty(p.id);
    const again = await injectAs(h.app, ada, { method: 'GET', url: `/api/projects/${p.id}` });
    expect(again.json().data.updatedAt).toBe(p.updatedAt);
  });

  it('publishes what a crash left in the outbox when the service starts again', async () => {
    const seen = recordEvents(h, 'projects');
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Swept' });
    // Written while no relay is at work on the document, as after a crash.
    await outboxEmpty(p.id);
    const orphan = {
      id: randomUUID(),
      type: EventTypes.projects.projectUpdated,
      occurredAt: new Date().toISOString(),
      actor: null,
      data: { id: p.id },
    };
    await h.ctx.db
      .collection('projects')
      .updateOne({ _id: p.id } as never, { $push: { _outbox: orphan } } as never);
    // A second process on the same database and subjects: its start-up sweep finds the event.
    const restarted = await connectService('projects', h.ctx.config);
    const app = await buildProjectsApp(restarted, { teams: h.teams, issueStates: h.issueStates });
    try {
      await until(async () => seen.some((e) => e.id === orphan.id));
      await outboxEmpty(p.id);
    } finally {
      await app.close();
      await restarted.close();
    }
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EventTypes } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import {
  ALL_EVENTS,
  CATALOGUE,
  EXCLUDED_SOURCES,
  allowedEventsFor,
  audienceOf,
  entryForSource,
  publicTypeOf,
  sourcesByService,
} from '../../src/domain/catalogue.js';
import { messageOf } from '../../src/domain/payload.js';

const published = Object.values(EventTypes).flatMap((group) => Object.values(group) as string[]);

describe('the event catalogue', () => {
  it('places every event type a service publishes: delivered, or excluded with a reason', () => {
    for (const source of published) {
      const placed = entryForSource(source) !== undefined || source in EXCLUDED_SOURCES;
      expect(placed, `${source} is neither in CATALOGUE nor in EXCLUDED_SOURCES`).toBe(true);
    }
    for (const entry of CATALOGUE) expect(published).toContain(entry.source);
    for (const source of Object.keys(EXCLUDED_SOURCES))
      expect(entryForSource(source)).toBeUndefined();
  });

  it('names each type <entity>.<event> after its source <service>.<entity>.<event>', () => {
    expect(publicTypeOf('habits.task.created')).toBe('task.created');
    expect(publicTypeOf('habits.user.leveled_up')).toBe('user.leveled_up');
    for (const entry of CATALOGUE) {
      expect(entry.source).toBe(`${entry.service}.${entry.type}`);
    }
    expect(new Set(CATALOGUE.map((e) => e.type)).size).toBe(CATALOGUE.length);
    expect(CATALOGUE.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'task.created',
        'task.updated',
        'task.completed',
        'task.archived',
        'user.leveled_up',
        'issue.created',
        'issue.updated',
        'issue.deleted',
        'comment.created',
        'project.created',
      ]),
    );
  });

  it('lets a personal webhook take its own things and a team webhook the team', () => {
    const personal = allowedEventsFor('personal');
    const team = allowedEventsFor('team');
    expect(personal).toEqual(
      expect.arrayContaining(['task.created', 'user.leveled_up', 'agent.updated', ALL_EVENTS]),
    );
    expect(personal).not.toContain('issue.created');
    expect(team).toEqual(
      expect.arrayContaining([
        'task.created',
        'issue.created',
        'comment.created',
        'membership.removed',
        ALL_EVENTS,
      ]),
    );
    expect(team).not.toContain('user.leveled_up');
    expect(team).not.toContain('agent.created');
  });

  it('gives a notification to its user recipient’s personal webhooks only', () => {
    expect(allowedEventsFor('personal')).toContain('notification.created');
    expect(allowedEventsFor('team')).not.toContain('notification.created');
    const notification = { id: 'n1', type: 'issue.assigned' };
    expect(
      audienceOf('notification', { recipient: { type: 'user', id: 'u' }, notification }),
    ).toEqual({ userId: 'u', teamId: null, projectId: null });
    expect(
      audienceOf('notification', { recipient: { type: 'agent', id: 'a' }, notification }),
    ).toBeNull();
    const entry = entryForSource(EventTypes.notifications.notificationCreated)!;
    const event = makeEvent(entry.source, {
      recipient: { type: 'user', id: 'u' },
      notification,
      extra: 1,
    });
    expect(messageOf(entry, event, null).data).toEqual({
      recipient: { type: 'user', id: 'u' },
      notification,
      actor: null,
    });
  });

  it('reads whom an event concerns from its data', () => {
    expect(audienceOf('task', { userId: 'u', teamId: 't' })).toEqual({
      userId: 'u',
      teamId: 't',
      projectId: null,
    });
    expect(audienceOf('task', { userId: 'u', teamId: null })).toEqual({
      userId: 'u',
      teamId: null,
      projectId: null,
    });
    expect(audienceOf('issue', { projectId: 'p' })).toEqual({
      userId: null,
      teamId: null,
      projectId: 'p',
    });
    expect(audienceOf('agent', { ownerId: 'o', teamId: 't' })).toEqual({
      userId: 'o',
      teamId: null,
      projectId: null,
    });
    expect(audienceOf('task', { teamId: 't' })).toBeNull();
    expect(audienceOf('issue', {})).toBeNull();
    expect(audienceOf('project', null)).toBeNull();
  });

  it('sends only the documented fields: no key ids, revisions or anything added later', () => {
    const agent = entryForSource(EventTypes.agents.agentUpdated)!;
    const event = makeEvent(EventTypes.agents.agentUpdated, {
      id: 'a',
      ownerId: 'o',
      teamId: null,
      isActive: false,
      revokedKeyId: 'k123',
      secret: 'x',
    });
    const message = messageOf(agent, event, null);
    expect(message).toEqual({
      type: 'agent.updated',
      timestamp: event.occurredAt,
      data: { id: 'a', ownerId: 'o', teamId: null, isActive: false, actor: null },
    });
    const task = entryForSource(EventTypes.habits.taskUpdated)!;
    const data = messageOf(
      task,
      makeEvent(task.source, { id: 't', userId: 'u', teamId: null, rev: 7, changed: ['title'] }),
      null,
    ).data;
    expect(data).not.toHaveProperty('rev');
    expect(data.changed).toEqual(['title']);
  });

  it("puts an issue's looked-up team and the actor into the payload", () => {
    const entry = entryForSource(EventTypes.issues.issueUpdated)!;
    const actor = {
      type: 'agent' as const,
      id: 'ag',
      userId: 'u',
      name: 'bot',
      teamIds: [],
      isAdmin: false,
    };
    const event = makeEvent(
      entry.source,
      {
        id: 'i',
        projectId: 'p',
        identifier: 'ENG-1',
        status: 'todo',
        version: 2,
        changed: ['status'],
      },
      actor,
    );
    expect(messageOf(entry, event, 'team-1').data).toEqual({
      id: 'i',
      projectId: 'p',
      teamId: 'team-1',
      identifier: 'ENG-1',
      status: 'todo',
      version: 2,
      changed: ['status'],
      actor: { type: 'agent', id: 'ag' },
    });
  });

  it('consumes each source stream for exactly the types it delivers', () => {
    const byService = sourcesByService();
    expect([...byService.keys()].sort()).toEqual([
      'agents',
      'habits',
      'identity',
      'issues',
      'notifications',
      'projects',
    ]);
    expect(byService.get('notifications')).toEqual([EventTypes.notifications.notificationCreated]);
    expect(byService.get('identity')).toEqual([
      EventTypes.identity.membershipAdded,
      EventTypes.identity.membershipRemoved,
      EventTypes.identity.membershipRoleChanged,
    ]);
  });

  it('is documented in the README, every type and every payload field', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const entry of CATALOGUE) {
      const section = new RegExp(
        '### `' + entry.type.replace('.', '\\.') + '`[\\s\\S]*?(?=\\n### |\\n## |$)',
      ).exec(readme);
      expect(section, `README lacks a section for ${entry.type}`).not.toBeNull();
      for (const field of Object.keys(entry.fields))
        expect(section![0], `${entry.type}: ${field}`).toContain('`' + field + '`');
    }
  });
});

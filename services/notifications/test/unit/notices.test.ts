import { describe, expect, it } from 'vitest';
import { EventTypes, type Actor } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { actorOf, noticesOf } from '../../src/domain/notices.js';

const actor = { type: 'user', id: 'ada', userId: 'ada', name: 'Ada' } as Actor;
const u = (id: string) => ({ type: 'user' as const, id });
const base = {
  id: 'i1',
  projectId: 'p1',
  teamId: 't1',
  identifier: 'ENG-1',
  title: 'Title',
  status: 'todo',
  version: 2,
  actorName: 'Ada',
};
const kinds = (event: ReturnType<typeof makeEvent>) =>
  noticesOf(event).map((n) => `${n.body.type}>${n.recipient.id}`);

describe('who is told of an event', () => {
  it('tells a new assignee, not an unchanged one, and never the actor', () => {
    const changed = makeEvent(
      EventTypes.issues.issueUpdated,
      { ...base, changed: ['assigneeId'], assignee: u('bob'), previousAssignee: u('ada') },
      actor,
    );
    expect(kinds(changed)).toEqual(['issue.assigned>bob']);
    const other = makeEvent(
      EventTypes.issues.issueUpdated,
      { ...base, changed: ['title'], assignee: u('bob') },
      actor,
    );
    expect(kinds(other)).toEqual([]);
    const self = makeEvent(EventTypes.issues.issueCreated, { ...base, assignee: u('ada') }, actor);
    expect(kinds(self)).toEqual([]);
  });

  it('tells watchers of a status change, and the unblocked issue’s watchers', () => {
    const event = makeEvent(
      EventTypes.issues.issueUpdated,
      {
        ...base,
        status: 'done',
        previousStatus: 'todo',
        changed: ['status'],
        watchers: [u('ada'), u('bob')],
        unblocked: [
          {
            id: 'i2',
            projectId: 'p2',
            teamId: 't2',
            identifier: 'OPS-3',
            title: 'Next',
            watchers: [u('cy'), u('ada')],
          },
        ],
      },
      actor,
    );
    const notices = noticesOf(event);
    expect(notices.map((n) => `${n.body.type}>${n.recipient.id}@${n.teamId}`)).toEqual([
      'issue.status_changed>bob@t1',
      'issue.unblocked>cy@t2',
    ]);
    expect(notices[0]!.body).toMatchObject({ oldStatus: 'todo', newStatus: 'done' });
  });

  it('tells the mentioned once ("mentioned", not also "commented"); edits tell only the mentioned', () => {
    const data = {
      id: 'c1',
      issueId: 'i1',
      projectId: 'p1',
      teamId: 't1',
      identifier: 'ENG-1',
      userId: 'ada',
      excerpt: 'hi @bob',
      mentioned: [u('bob'), u('ada')],
      watchers: [u('ada'), u('bob'), u('cy')],
    };
    expect(kinds(makeEvent(EventTypes.issues.commentCreated, data, actor))).toEqual([
      'issue.mentioned>bob',
      'issue.commented>cy',
    ]);
    expect(kinds(makeEvent(EventTypes.issues.commentUpdated, data, actor))).toEqual([
      'issue.mentioned>bob',
    ]);
  });

  it('keys each notice by event, kind, person and subject; ignores events that lack a team', () => {
    const event = makeEvent(EventTypes.issues.issueCreated, { ...base, assignee: u('bob') }, actor);
    expect(noticesOf(event)[0]!.key).toBe(`${event.id}:issue.assigned:bob:i1`);
    const { teamId: _t, ...old } = base;
    expect(
      noticesOf(makeEvent(EventTypes.issues.issueCreated, { ...old, assignee: u('bob') }, actor)),
    ).toEqual([]);
  });

  it('names the actor from the event, or the platform', () => {
    expect(actorOf(makeEvent('x', { actorName: 'Ada' }, actor))).toEqual({
      type: 'user',
      id: 'ada',
      name: 'Ada',
    });
    expect(actorOf(makeEvent('x', {}, null))).toEqual({
      type: 'system',
      id: 'system',
      name: 'Momentum',
    });
  });
});

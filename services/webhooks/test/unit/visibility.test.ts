import { describe, expect, it } from 'vitest';
import {
  eventKeys,
  mayReceive,
  needsMembership,
  subscriptionKey,
} from '../../src/domain/visibility.js';
import { isAfterCreation, unknownEvent, wants } from '../../src/domain/event-filter.js';

const personal = { ownerId: 'ada', teamId: null };
const team = { ownerId: 'ada', teamId: 'eng' };

describe('who receives what', () => {
  it('gives a personal webhook its owner’s events only', () => {
    expect(mayReceive(personal, { userId: 'ada', teamId: null }, [])).toBe(true);
    expect(mayReceive(personal, { userId: 'ada', teamId: 'eng' }, [])).toBe(true);
    expect(mayReceive(personal, { userId: 'bob', teamId: 'eng' }, ['eng'])).toBe(false);
    expect(needsMembership(personal)).toBe(false);
  });

  it('gives a team webhook the team’s events while its owner is a member', () => {
    expect(needsMembership(team)).toBe(true);
    expect(mayReceive(team, { userId: 'bob', teamId: 'eng' }, ['eng'])).toBe(true);
    expect(mayReceive(team, { userId: 'bob', teamId: 'eng' }, ['ops'])).toBe(false); // left
    expect(mayReceive(team, { userId: 'bob', teamId: 'ops' }, ['eng', 'ops'])).toBe(false);
  });

  it('finds subscriptions by user and team keys, as the event type allows', () => {
    expect(subscriptionKey(personal)).toBe('user:ada');
    expect(subscriptionKey(team)).toBe('team:eng');
    expect(eventKeys({ userId: 'ada', teamId: 'eng' }, ['personal', 'team'])).toEqual([
      'user:ada',
      'team:eng',
    ]);
    expect(eventKeys({ userId: 'ada', teamId: 'eng' }, ['team'])).toEqual(['team:eng']);
    expect(eventKeys({ userId: null, teamId: null }, ['personal', 'team'])).toEqual([]);
  });

  it('checks event lists against the scope and matches types or *', () => {
    expect(unknownEvent(['task.created', '*'], 'personal')).toBeNull();
    expect(unknownEvent(['task.created', 'task.exploded'], 'team')).toMatchObject({
      value: 'task.exploded',
      allowed: expect.arrayContaining(['task.created', 'issue.created', '*']),
    });
    expect(unknownEvent(['issue.created'], 'personal')?.value).toBe('issue.created');
    expect(wants(['*'], 'issue.created')).toBe(true);
    expect(wants(['task.created'], 'task.created')).toBe(true);
    expect(wants(['task.created'], 'task.updated')).toBe(false);
  });

  it('delivers only events that happened after the subscription was made (give or take skew)', () => {
    const created = new Date('2025-01-01T10:00:00Z');
    expect(isAfterCreation('2025-01-01T10:00:01Z', created)).toBe(true);
    expect(isAfterCreation('2025-01-01T09:59:58Z', created)).toBe(true);
    expect(isAfterCreation('2025-01-01T09:50:00Z', created)).toBe(false);
    expect(isAfterCreation('garbage', created)).toBe(false);
  });
});

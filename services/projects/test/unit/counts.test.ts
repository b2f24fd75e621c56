import { describe, expect, it } from 'vitest';
import { IssueStatuses } from '@momentum/contracts';
import {
  countsOf,
  emptyCounts,
  foldTransitions,
  tally,
  transition,
} from '../../src/domain/counts.js';
import {
  DELETED_STATUS,
  issueMoveOf,
  issueStateOf,
  newestPerIssue,
} from '../../src/domain/issue-event.js';

describe('counts', () => {
  it('lists all six statuses, zero when empty', () => {
    const c = emptyCounts();
    expect(Object.keys(c.issuesByStatus).sort()).toEqual([...IssueStatuses].sort());
    expect(c.issues).toBe(0);
  });

  it('shows stored numbers with all six statuses, ignoring unknown statuses', () => {
    expect(countsOf({ todo: 2, done: 1, weird: 4 })).toEqual({
      issues: 3,
      issuesByStatus: { backlog: 0, todo: 2, in_progress: 0, in_review: 0, done: 1, cancelled: 0 },
    });
    expect(countsOf(undefined)).toEqual(emptyCounts());
  });

  it('tallies statuses of rows', () => {
    expect(tally(['todo', 'todo', 'cancelled', 'bogus'])).toEqual({
      backlog: 0,
      todo: 2,
      in_progress: 0,
      in_review: 0,
      done: 0,
      cancelled: 1,
    });
  });

  it('moves one issue between statuses', () => {
    expect(transition(null, 'backlog')).toEqual({ backlog: 1 });
    expect(transition('todo', 'done')).toEqual({ todo: -1, done: 1 });
    expect(transition('done', 'done')).toEqual({});
  });

  it('sums the moves of a batch and drops the ones that cancel out', () => {
    const moves = [
      { from: null, to: 'todo' },
      { from: 'todo', to: 'done' },
      { from: 'backlog', to: 'todo' },
    ] as const;
    expect(foldTransitions(moves)).toEqual({ todo: 1, done: 1, backlog: -1 });
    expect(foldTransitions([])).toEqual({});
  });
});

describe('newestPerIssue', () => {
  it('keeps the highest version of each issue, the first of equal ones', () => {
    const a1 = { id: 'a', projectId: 'p', status: 'todo', version: 1 } as const;
    const a3 = { ...a1, status: 'done', version: 3 } as const;
    const a2 = { ...a1, status: 'in_review', version: 2 } as const;
    const b1 = { ...a1, id: 'b' };
    const newest = newestPerIssue([a1, a3, a2, b1, { ...b1 }]);
    expect([...newest.values()]).toEqual([a3, b1]);
    expect(newest.get('b')).toBe(b1);
  });
});

describe('issueStateOf', () => {
  const good = { id: 'i1', projectId: 'p1', identifier: 'ENG-1', status: 'todo', version: 3 };
  it('takes id, project, status and version', () => {
    expect(issueStateOf(good)).toEqual({ id: 'i1', projectId: 'p1', status: 'todo', version: 3 });
  });
  it('moves a deleted issue to a status no reply counts', () => {
    const state = issueStateOf(good, true);
    expect(state).toEqual({ ...state, status: DELETED_STATUS, version: 3 });
    expect(countsOf({ todo: 2, [DELETED_STATUS]: 1 }).issues).toBe(2);
  });
  it.each([
    null,
    'x',
    { ...good, status: 'nope' },
    { ...good, version: '3' },
    { ...good, version: 1.5 },
    { ...good, projectId: '' },
    { ...good, id: 7 },
    { ...good, id: 'counts:p1' },
  ])('refuses %j', (data) => {
    expect(issueStateOf(data)).toBeNull();
  });
});

describe('issueMoveOf', () => {
  const data = { id: 'i1', projectId: 'p1', identifier: 'ENG-1', status: 'done', version: 4 };
  const state = { id: 'i1', projectId: 'p1', status: 'done', version: 4 };
  it('counts nothing for an update that changed no status', () => {
    expect(issueMoveOf('updated', { ...data, changed: ['title', 'priority'] })).toBe('uncounted');
  });
  it('names where a move comes from: nothing, the status before, or the deleted one', () => {
    expect(issueMoveOf('created', data)).toEqual({ state, from: null });
    expect(
      issueMoveOf('updated', { ...data, changed: ['status'], previousStatus: 'todo' }),
    ).toEqual({ state, from: 'todo' });
    expect(issueMoveOf('deleted', data)).toEqual({
      state: { ...state, status: DELETED_STATUS },
      from: 'done',
    });
  });
  it('leaves the origin unknown when the update does not say (the row decides)', () => {
    expect(issueMoveOf('updated', { ...data, changed: ['status'] })).toEqual({ state });
    expect(issueMoveOf('updated', data)).toEqual({ state });
    expect(issueMoveOf('updated', { ...data, previousStatus: 'nope' })).toEqual({ state });
  });
  it('refuses an unusable payload', () => {
    expect(issueMoveOf('updated', { ...data, status: 'nope', changed: ['status'] })).toBeNull();
  });
});

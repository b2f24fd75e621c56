import { describe, expect, it } from 'vitest';
import type { IssueState } from '@momentum/contracts';
import { decide, settledMarks } from '../../src/domain/apply.js';

const state = (version: number, status: IssueState['status'] = 'done'): IssueState => ({
  id: 'i',
  projectId: 'p',
  status,
  version,
});
const row = (version: number, status: IssueState['status'] = 'todo', projectId = 'p') => ({
  projectId,
  status,
  version,
});

describe('decide', () => {
  it('counts a new issue from nothing and a newer state from the row', () => {
    expect(decide(state(1), null, undefined)).toEqual({ kind: 'move', from: null });
    expect(decide(state(3), row(2, 'in_review'), undefined)).toEqual({
      kind: 'move',
      from: 'in_review',
    });
  });

  it('skips a state no newer than the row', () => {
    expect(decide(state(2), row(2), undefined)).toEqual({ kind: 'stale', repair: null });
    expect(decide(state(1), row(2), undefined)).toEqual({ kind: 'stale', repair: null });
  });

  it('refuses a row of another project', () => {
    expect(decide(state(5), row(1, 'todo', 'other'), undefined)).toEqual({ kind: 'foreign' });
  });

  it('does not count again a move counted before a crash, and repairs its row', () => {
    const mark = { v: 2, s: 'done' as const };
    expect(decide(state(2), row(1), mark)).toEqual({
      kind: 'stale',
      repair: { id: 'i', projectId: 'p', status: 'done', version: 2 },
    });
    expect(decide(state(1, 'todo'), null, { v: 1, s: 'todo' })).toEqual({
      kind: 'stale',
      repair: { id: 'i', projectId: 'p', status: 'todo', version: 1 },
    });
  });

  it('moves on from the counted state when a newer one comes first', () => {
    expect(decide(state(3, 'in_review'), row(1), { v: 2, s: 'done' })).toEqual({
      kind: 'move',
      from: 'done',
    });
  });

  it('ignores a mark no newer than the row (its row is written)', () => {
    expect(decide(state(3, 'in_review'), row(2, 'todo'), { v: 2, s: 'todo' })).toEqual({
      kind: 'move',
      from: 'todo',
    });
    expect(decide(state(2), row(2), { v: 2, s: 'todo' })).toEqual({ kind: 'stale', repair: null });
  });
});

describe('settledMarks', () => {
  it('lets go of the marks whose rows are as new or newer, keeps the rest', () => {
    const marks = {
      caught: { v: 2, s: 'done' as const },
      ahead: { v: 3, s: 'done' as const },
      passed: { v: 1, s: 'todo' as const },
      rowless: { v: 1, s: 'todo' as const },
    };
    const rows = new Map([
      ['caught', 2],
      ['ahead', 2],
      ['passed', 4],
    ]);
    expect(settledMarks(marks, rows)).toEqual([
      ['caught', marks.caught],
      ['passed', marks.passed],
    ]);
  });
});

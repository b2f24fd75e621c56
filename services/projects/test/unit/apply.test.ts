import { describe, expect, it } from 'vitest';
import type { IssueState } from '@momentum/contracts';
import { decide } from '../../src/domain/apply.js';

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
    expect(decide(state(1), null)).toEqual({ kind: 'move', from: null });
    expect(decide(state(3), row(2, 'in_review'))).toEqual({ kind: 'move', from: 'in_review' });
  });

  it('skips a state no newer than the row', () => {
    expect(decide(state(2), row(2))).toEqual({ kind: 'stale' });
    expect(decide(state(1), row(2))).toEqual({ kind: 'stale' });
  });

  it('refuses a row of another project', () => {
    expect(decide(state(5), row(1, 'todo', 'other'))).toEqual({ kind: 'foreign' });
  });

  it('moves from the row however many versions it skips (updates that counted nothing)', () => {
    expect(decide(state(9, 'todo'), row(2, 'todo'))).toEqual({ kind: 'move', from: 'todo' });
  });
});

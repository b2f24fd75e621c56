import { describe, expect, it } from 'vitest';
import { IssueStatuses } from '@momentum/contracts';
import { countsByProject, emptyCounts } from '../../src/domain/counts.js';
import { issueStateOf } from '../../src/domain/issue-event.js';

describe('counts', () => {
  it('lists all six statuses, zero when empty', () => {
    const c = emptyCounts();
    expect(Object.keys(c.issuesByStatus).sort()).toEqual([...IssueStatuses].sort());
    expect(c.issues).toBe(0);
  });

  it('folds grouped rows per project and ignores unknown projects and statuses', () => {
    const map = countsByProject(['p1', 'p2'], [
      { projectId: 'p1', status: 'todo', count: 2 },
      { projectId: 'p1', status: 'done', count: 1 },
      { projectId: 'p3', status: 'todo', count: 9 },
      { projectId: 'p1', status: 'weird', count: 4 },
    ]);
    expect(map.get('p1')).toEqual({ issues: 3, issuesByStatus: { backlog: 0, todo: 2, in_progress: 0, in_review: 0, done: 1, cancelled: 0 } });
    expect(map.get('p2')).toEqual(emptyCounts());
    expect(map.has('p3')).toBe(false);
  });
});

describe('issueStateOf', () => {
  const good = { id: 'i1', projectId: 'p1', identifier: 'ENG-1', status: 'todo', version: 3 };
  it('takes id, project, status and version', () => {
    expect(issueStateOf(good)).toEqual({ id: 'i1', projectId: 'p1', status: 'todo', version: 3 });
  });
  it.each([null, 'x', { ...good, status: 'nope' }, { ...good, version: '3' }, { ...good, version: 1.5 }, { ...good, projectId: '' }, { ...good, id: 7 }])(
    'refuses %j',
    (data) => {
      expect(issueStateOf(data)).toBeNull();
    },
  );
});

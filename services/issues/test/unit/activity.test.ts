import { describe, expect, it } from 'vitest';
import { diffIssue, recordedChange, type EditableIssue } from '../../src/domain/activity.js';

const base: EditableIssue = {
  title: 'Login fails',
  description: '',
  status: 'backlog',
  priority: 'none',
  assigneeId: null,
  labels: ['bug'],
  estimate: null,
  dueDate: null,
  parentId: null,
  sortOrder: 1,
};

describe('activity diffing', () => {
  it('records a status change as status_changed with old and new value', () => {
    expect(diffIssue(base, { status: 'in_progress' })).toEqual([
      { action: 'status_changed', field: 'status', oldValue: 'backlog', newValue: 'in_progress' },
    ]);
  });
  it('names each field’s action and writes values as strings, null when absent', () => {
    const changes = diffIssue(base, {
      title: 'Login fails on Safari',
      priority: 'high',
      assigneeId: 'u1',
      labels: ['bug', 'safari'],
      estimate: 3,
      dueDate: '2025-03-01',
      parentId: 'p1',
      description: 'Steps…',
      sortOrder: 2,
    });
    expect(changes.map((c) => [c.action, c.field, c.oldValue, c.newValue])).toEqual([
      ['title_changed', 'title', 'Login fails', 'Login fails on Safari'],
      ['description_changed', 'description', '', 'Steps…'],
      ['priority_changed', 'priority', 'none', 'high'],
      ['assignee_changed', 'assigneeId', null, 'u1'],
      ['labels_changed', 'labels', 'bug', 'bug,safari'],
      ['estimate_changed', 'estimate', null, '3'],
      ['due_date_changed', 'dueDate', null, '2025-03-01'],
      ['parent_changed', 'parentId', null, 'p1'],
      ['sort_order_changed', 'sortOrder', '1', '2'],
    ]);
  });
  it('records nothing for fields left out or set to their current value', () => {
    expect(diffIssue(base, {})).toEqual([]);
    expect(
      diffIssue(base, { status: 'backlog', labels: ['bug'], assigneeId: null, title: undefined }),
    ).toEqual([]);
  });
  it('records clearing a value with newValue null', () => {
    expect(diffIssue({ ...base, assigneeId: 'u1' }, { assigneeId: null })).toEqual([
      { action: 'assignee_changed', field: 'assigneeId', oldValue: 'u1', newValue: null },
    ]);
  });
});

describe('recordedChange: description changes are recorded bounded', () => {
  it('keeps the first 200 characters with an ellipsis and both full lengths', () => {
    const long = 'a'.repeat(50_000);
    const change = recordedChange({
      action: 'description_changed',
      field: 'description',
      oldValue: long,
      newValue: 'short',
    });
    expect(change).toEqual({
      action: 'description_changed',
      field: 'description',
      oldValue: `${'a'.repeat(200)}…`,
      newValue: 'short',
      oldLength: 50_000,
      newLength: 5,
    });
  });

  it('never cuts a surrogate pair in half, and leaves other fields whole', () => {
    const emoji = `${'a'.repeat(199)}😀${'b'.repeat(300)}`;
    const change = recordedChange({
      action: 'description_changed',
      field: 'description',
      oldValue: null,
      newValue: emoji,
    });
    expect(change.newValue).toBe(`${'a'.repeat(199)}…`);
    expect(change.oldLength).toBe(0);
    const title = {
      action: 'title_changed',
      field: 'title',
      oldValue: 'x',
      newValue: 'y',
    } as const;
    expect(recordedChange(title)).toBe(title);
  });
});

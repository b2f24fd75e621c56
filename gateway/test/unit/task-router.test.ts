import { describe, expect, it } from 'vitest';
import { routeTaskCreate, routeTaskList } from '../../src/routing/task-router.js';

/** The shared path family /api/tasks (docs/API.md, "The /api/tasks family"). */
describe('task router', () => {
  it('a list query naming a project or an issue-only filter goes to issues', () => {
    for (const key of ['projectId', 'status', 'priority', 'assigneeId', 'parentId', 'labels']) {
      expect(routeTaskList({ [key]: 'x' }), key).toBe('issues');
    }
  });

  it('task filters (and nothing) go to habits', () => {
    expect(routeTaskList({})).toBe('habits');
    expect(
      routeTaskList({
        type: 'daily',
        archived: 'true',
        teamId: 't',
        sort: '-createdAt',
        page: '2',
        limit: '100',
      }),
    ).toBe('habits');
  });

  it('bracket keys are plain keys, not operators on a filter', () => {
    expect(routeTaskList({ 'status[$ne]': 'x' })).toBe('habits');
  });

  it('a create body with projectId goes to issues, anything else to habits', () => {
    expect(routeTaskCreate({ projectId: 'p', title: 't' })).toBe('issues');
    expect(routeTaskCreate({ projectId: null })).toBe('issues');
    expect(routeTaskCreate({ type: 'todo', title: 't' })).toBe('habits');
    for (const body of [undefined, null, 'projectId', 0, ['projectId'], [{ projectId: 'p' }]]) {
      expect(routeTaskCreate(body), JSON.stringify(body)).toBe('habits');
    }
  });
});

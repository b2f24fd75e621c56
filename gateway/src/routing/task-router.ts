import type { Upstream } from '../config.js';

/**
 * Tasks (habits) and issues share `/api/tasks`. Pure routing rules for the two requests whose
 * path does not say (the sub-resources are routes of their own, task-routes.ts): a query or
 * a body that names a project or an issue-only filter goes to issues.
 */
const ISSUE_QUERY_KEYS = ['projectId', 'status', 'priority', 'assigneeId', 'parentId', 'labels'];

export function routeTaskList(query: Record<string, unknown>): Upstream {
  return ISSUE_QUERY_KEYS.some((k) => k in query) ? 'issues' : 'habits';
}

export function routeTaskCreate(body: unknown): Upstream {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && 'projectId' in body
    ? 'issues'
    : 'habits';
}

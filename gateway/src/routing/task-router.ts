import type { Upstream } from '../config.js';

/**
 * Tasks (habits) and issues share `/api/tasks`. Pure routing rules:
 * a query or body that names a project or an issue-only filter goes to issues;
 * search, comments and blockers are issue paths; completion is a task path.
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

/** For `/api/tasks/:id/<sub>` paths: who owns the sub-resource, or null when the id decides. */
export function routeTaskSubpath(sub: string | undefined): Upstream | null {
  if (sub === undefined || sub === '') return null;
  if (sub === 'complete') return 'habits';
  if (
    sub === 'comments' ||
    sub.startsWith('comments/') ||
    sub === 'blockers' ||
    sub.startsWith('blockers/')
  )
    return 'issues';
  return null;
}

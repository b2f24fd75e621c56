import { forbidden, notFound, type Scope } from '@momentum/contracts';
import type { IssueDoc } from '../store/models.js';
import type { IssueStore } from '../store/issue-store.js';

/** The issue if the scope may see it: unknown → 404, another team's → 403 FORBIDDEN. */
export async function visibleIssue(
  issues: IssueStore,
  scope: Scope,
  id: string,
  what = 'Issue',
): Promise<IssueDoc> {
  return seen(scope, await issues.load(id), what);
}

/** An issue as read, if the scope may see it: none or deleted → 404, another team's → 403. */
export function seen(scope: Scope, doc: IssueDoc | null, what = 'Issue'): IssueDoc {
  if (!doc || doc.deletedAt) throw notFound(what);
  if (!scope.teamIds.includes(doc.teamId)) throw forbidden('You do not have access to this issue');
  return doc;
}

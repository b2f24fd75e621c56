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
  const found = await issues.findForScope(scope, id);
  if (!found) throw notFound(what);
  if (!found.visible) throw forbidden('You do not have access to this issue');
  return found.doc;
}

import { AppError, validationError, type Scope } from '@momentum/contracts';
import { parentCloseCycle } from '../domain/graph.js';
import type { IssueStore } from '../store/issue-store.js';

/**
 * A parent must be an issue of the same project, and (for an existing issue) not one of
 * its own descendants. `issueId` is null on create, where no cycle is possible.
 */
export async function checkParent(
  issues: IssueStore,
  scope: Scope,
  projectId: string,
  issueId: string | null,
  parentId: string,
): Promise<void> {
  if (issueId && parentId === issueId) {
    throw validationError('parentId: an issue cannot be its own parent', {
      field: 'parentId',
      rule: 'cycle',
      value: parentId,
    });
  }
  const found = await issues.findForScope(scope, parentId);
  if (!found || !found.visible)
    throw new AppError('NOT_FOUND', 'Parent issue not found', {
      field: 'parentId',
      value: parentId,
    });
  if (found.doc.projectId !== projectId) {
    throw validationError('parentId: the parent must be an issue of the same project', {
      field: 'parentId',
      rule: 'same_project',
      value: parentId,
    });
  }
  if (issueId && parentCloseCycle(issueId, parentId, await issues.ancestors(parentId))) {
    throw validationError('parentId: the parent is a sub-issue of this issue', {
      field: 'parentId',
      rule: 'cycle',
      value: parentId,
    });
  }
}

import {
  IssuePriorities,
  IssueStatuses,
  type IssuePriority,
  type IssueStatus,
} from '@momentum/contracts';

/**
 * Numeric ranks stored beside status and priority so sorting follows the workflow
 * (backlog → cancelled) and urgency (none → urgent) instead of the alphabet.
 */
export const statusRank = (status: IssueStatus): number => IssueStatuses.indexOf(status);
export const priorityRank = (priority: IssuePriority): number => IssuePriorities.indexOf(priority);

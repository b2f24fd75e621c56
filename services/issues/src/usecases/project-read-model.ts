import type { ProjectEventData } from '@momentum/contracts';
import type { IssuesDeps } from '../deps.js';

/** A project created or changed: the read model (team and key per project) follows. */
export const applyProjectEvent = (
  deps: Pick<IssuesDeps, 'projects'>,
  data: ProjectEventData,
  occurredAt: Date,
): Promise<void> => deps.projects.remember(data, occurredAt);

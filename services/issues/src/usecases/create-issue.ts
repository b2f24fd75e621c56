import {
  DEFAULT_ISSUE_PRIORITY,
  DEFAULT_ISSUE_STATUS,
  EventTypes,
  scopeOf,
  type Actor,
  type CreateIssueBody,
  type IssueEventData,
  uuidv7,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { formatIdentifier } from '../domain/identifier.js';
import { priorityRank, statusRank } from '../domain/ranks.js';
import { searchKeysOf } from '../domain/search-terms.js';
import { foldTitle } from '../domain/title.js';
import type { IssueDoc } from '../store/models.js';
import type { IssuesDeps } from '../deps.js';
import { settleInBackground } from './carried-activity.js';
import { checkParent } from './parent.js';
import { withinQuota } from './account-quota.js';
import { mentionsInText, teamAssignee } from './people.js';
import { watcherOf, withWatchers } from '../domain/watchers.js';

/**
 * Create an issue: check project, assignee and parent first, so a refused request takes
 * no number; then store it under the project's next number with the created event in its
 * outbox and its activity entry carried by the same write (recorded right after, or by the
 * recovery: activity-store.ts).
 */
export async function createIssue(
  deps: IssuesDeps,
  actor: Actor,
  body: CreateIssueBody,
): Promise<IssueDoc> {
  const scope = scopeOf(actor);
  const project = await deps.projects.accessible(scope, body.projectId);
  const assignee = body.assigneeId
    ? await teamAssignee(deps.directory, project.teamId, body.assigneeId)
    : null;
  if (body.parentId) await checkParent(deps.issues, scope, project._id, null, body.parentId);

  const id = uuidv7();
  const status = body.status ?? DEFAULT_ISSUE_STATUS;
  const priority = body.priority ?? DEFAULT_ISSUE_PRIORITY;
  const description = body.description ?? '';
  const mentioned = await mentionsInText(deps, project.teamId, description);
  const assigneeWatcher = assignee ? { type: assignee.type ?? 'user', id: assignee.id } : null;
  const watchers = withWatchers([], [watcherOf(actor), assigneeWatcher, ...mentioned]);
  const {
    issue: created,
    outbox,
    activity,
  } = await withinQuota(deps, 'issues', actor.id, () =>
    deps.issues.insertNumbered(
      project._id,
      (number) => {
        const identifier = formatIdentifier(project.key, number);
        const data: IssueEventData = {
          id,
          projectId: project._id,
          identifier,
          status,
          version: 1,
          teamId: project.teamId,
          title: body.title,
          actorName: actor.name,
          assignee: assigneeWatcher,
          mentioned: mentioned.map(({ type, id }) => ({ type, id })),
          watchers,
        };
        return {
          _id: id,
          projectId: project._id,
          teamId: project.teamId,
          number,
          identifier,
          parentId: body.parentId ?? null,
          title: body.title,
          titleSort: foldTitle(body.title),
          description,
          status,
          statusRank: statusRank(status),
          priority,
          priorityRank: priorityRank(priority),
          assigneeId: assignee?.id ?? null,
          assignee,
          labels: body.labels ?? [],
          estimate: body.estimate ?? null,
          dueDate: body.dueDate ?? null,
          sortOrder: body.sortOrder ?? number,
          searchKeys: searchKeysOf(body.title, description),
          createdBy: actor.id,
          watchers,
          version: 1,
          deletedAt: null,
          _outbox: [makeEvent(EventTypes.issues.issueCreated, data, actor)],
        };
      },
      (issue) => [
        {
          issueId: id,
          action: 'created',
          field: 'issue',
          oldValue: null,
          newValue: issue.identifier,
          userId: actor.id,
          userType: actor.type,
        },
      ],
    ),
  );
  // Published, logged and cleared off the request path (carried-activity.ts).
  settleInBackground(deps, id, outbox, activity);
  return created;
}

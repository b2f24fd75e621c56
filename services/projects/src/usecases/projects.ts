import {
  DEFAULT_PROJECT_STATUS,
  forbidden,
  scopeOf,
  TARGET_BEFORE_START,
  validationError,
  type Actor,
  type CreateProjectInput,
  type UpdateProjectInput,
} from '@momentum/contracts';
import type { ProjectDoc } from '../store/models.js';
import type { ProjectChanges } from '../store/project-store.js';
import type { ProjectsDeps } from '../deps.js';
import type { TeamDirectory } from '../clients/team-directory.js';
import { deriveProjectKey } from '../domain/project-key.js';
import { slugify } from '../domain/slug.js';
import { dateOrderProblem } from '../domain/dates.js';
import { projectCreated, projectUpdated } from '../events/project-events.js';
import { checkProjectQuota } from './project-quota.js';

export async function createProject(
  deps: ProjectsDeps,
  actor: Actor,
  input: CreateProjectInput,
): Promise<ProjectDoc> {
  if (!actor.teamIds.includes(input.teamId)) throw forbidden('You are not a member of this team');
  if (input.leadId) await requireLead(deps.teams, input.teamId, input.leadId);
  await checkProjectQuota(deps, actor.id);
  const project = await deps.store.create(
    {
      teamId: input.teamId,
      name: input.name,
      nameSort: input.name.toLowerCase(),
      description: input.description ?? null,
      icon: input.icon ?? null,
      color: input.color ?? null,
      status: input.status ?? DEFAULT_PROJECT_STATUS,
      leadId: input.leadId ?? null,
      startDate: input.startDate ?? null,
      targetDate: input.targetDate ?? null,
      createdBy: actor.id,
    },
    {
      slug: slugify(input.name),
      key: input.key ?? deriveProjectKey(input.name),
      keyChosen: input.key !== undefined,
    },
    (doc) =>
      projectCreated(
        {
          ...doc,
          teamId: input.teamId,
          name: input.name,
          status: input.status ?? DEFAULT_PROJECT_STATUS,
        },
        actor,
      ),
  );
  deps.outbox.flush(deps.store.model, project._id);
  return project;
}

/**
 * The date rule and the event are judged on the project as stored, and the write lands
 * only on that very version (see ProjectStore.revise): a PATCH that raced another is
 * judged again on what the other wrote, so neither is lost nor checked against stale dates.
 */
export async function updateProject(
  deps: ProjectsDeps,
  actor: Actor,
  id: string,
  input: UpdateProjectInput,
): Promise<ProjectDoc> {
  const changes = changesOf(input);
  // A project never changes team, so one membership check of the lead serves every attempt.
  let leadChecked: Promise<void> | undefined;
  const { project, changed } = await deps.store.revise(scopeOf(actor), id, async (current) => {
    if (Object.keys(changes).length === 0) return null;
    const problem = dateOrderProblem(current, changes);
    if (problem) {
      throw validationError(`${problem}: targetDate ${TARGET_BEFORE_START.message}`, {
        field: problem,
        ...TARGET_BEFORE_START.params,
      });
    }
    if (changes.leadId)
      await (leadChecked ??= requireLead(deps.teams, current.teamId, changes.leadId));
    return { changes, event: projectUpdated({ ...current, ...changes }, actor) };
  });
  if (changed) deps.outbox.flush(deps.store.model, id);
  return project;
}

/** Only the fields the body names; undefined means "leave as is". */
function changesOf(input: UpdateProjectInput): ProjectChanges {
  const changes: ProjectChanges = {};
  for (const [field, value] of Object.entries(input)) {
    if (value !== undefined) (changes as Record<string, unknown>)[field] = value;
  }
  if (changes.name !== undefined) changes.nameSort = changes.name.toLowerCase();
  return changes;
}

async function requireLead(teams: TeamDirectory, teamId: string, leadId: string): Promise<void> {
  if (!(await teams.isMember(teamId, leadId))) {
    throw validationError('leadId: must be a member of the project’s team', {
      field: 'leadId',
      rule: 'team_member',
      value: leadId,
    });
  }
}

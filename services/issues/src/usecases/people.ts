import { validationError, type Mention, type PersonSummary } from '@momentum/contracts';
import type { Directory, Person } from '../clients/directory.js';
import { resolveMentions } from '../domain/mentions.js';
import type { AssigneeSnapshot, IssueDoc } from '../store/models.js';
import type { Logger } from '@momentum/messaging';

/**
 * The assignee must be a member of the project's team or an active agent attached to it.
 * Members are asked first so a user assignee does not depend on the agents service.
 */
export async function teamAssignee(
  directory: Directory,
  teamId: string,
  assigneeId: string,
): Promise<AssigneeSnapshot> {
  const member = (await directory.teamMembers(teamId)).find((p) => p.id === assigneeId);
  const person = member ?? (await directory.teamAgents(teamId)).find((p) => p.id === assigneeId);
  if (!person) {
    throw validationError(
      'assigneeId: must be a member of the project’s team or one of its agents',
      {
        field: 'assigneeId',
        rule: 'team_member',
        value: assigneeId,
      },
    );
  }
  return { id: person.id, name: person.name, avatar: person.avatar, type: person.type };
}

/** Everyone a comment of the team may mention; a directory that does not answer mentions no one. */
export async function mentionable(
  directory: Directory,
  teamId: string,
  log: Logger,
): Promise<Mention[]> {
  const [members, agents] = await Promise.allSettled([
    directory.teamMembers(teamId),
    directory.teamAgents(teamId),
  ]);
  const people: Person[] = [];
  for (const result of [members, agents]) {
    if (result.status === 'fulfilled') people.push(...result.value);
    else
      log.warn(
        { err: result.reason, teamId },
        'directory lookup failed; mentions may be incomplete',
      );
  }
  return people.map((p) => ({ id: p.id, name: p.name, type: p.type }));
}

/**
 * Current names and avatars of the assignees of some issues. When the directory cannot
 * answer, the snapshot taken at assignment stands in.
 */
export async function assigneesOf(
  directory: Directory,
  docs: readonly IssueDoc[],
  log: Logger,
): Promise<Map<string, PersonSummary>> {
  const out = new Map<string, PersonSummary>();
  const ids = [...new Set(docs.map((d) => d.assigneeId).filter((id): id is string => !!id))];
  if (!ids.length) return out;
  for (const d of docs) if (d.assigneeId && d.assignee) out.set(d.assigneeId, d.assignee);
  try {
    for (const p of await directory.people(ids))
      out.set(p.id, { id: p.id, name: p.name, avatar: p.avatar });
  } catch (err) {
    log.warn({ err }, 'directory lookup failed; showing assignee snapshots');
  }
  return out;
}

/** The people of the team `@mentioned` in a text (none without an `@`, no lookup then). */
export async function mentionsInText(
  deps: { directory: Directory; log: Logger },
  teamId: string,
  text: string,
): Promise<Mention[]> {
  if (!text.includes('@')) return [];
  return resolveMentions(text, await mentionable(deps.directory, teamId, deps.log));
}

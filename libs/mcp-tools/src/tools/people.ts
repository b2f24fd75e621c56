import { z } from 'zod';
import { callApi, errorResult, okResult, pagedAs } from '../results.js';
import { READ, defineTool } from '../define.js';
import { FoundPerson, PageMeta, Person } from '../shapes.js';
import { limit, page, uuid } from '../fields.js';

/** find_person looks in this many of the caller's teams at most (one request each). */
const FIND_TEAMS_MAX = 20;
const FIND_PER_TEAM = 20;

export const listMembers = defineTool({
  name: 'list_members',
  title: 'List a team’s members',
  description:
    'Lists the people and agents of one of the caller’s teams, oldest member first, each with its kind ' +
    '(user or agent), role (owner, admin, member or guest) and when it joined. q narrows to names or emails ' +
    'starting with it (any word of a name, any case). Use the ids to assign issues (assigneeId).',
  inputSchema: {
    teamId: uuid('The team whose members to list (see get_me teamIds)'),
    q: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe('Only members whose name (any word) or email starts with this, in any case'),
    kind: z.enum(['user', 'agent']).optional().describe('Only people (user) or only agents'),
    page,
    limit,
  },
  outputSchema: {
    members: z.array(Person).describe('The members, oldest first'),
    meta: PageMeta.optional(),
  },
  annotations: READ,
  surface: 'in-app',
  scopes: ['teams:read'],
  run: ({ teamId, q, kind, page, limit }, api) =>
    callApi(
      api.GET('/api/teams/{id}/members', {
        params: { path: { id: teamId }, query: { q, kind, page, limit } },
      }),
      pagedAs('members'),
    ),
});

/** A person or agent found, with the caller's teams it is in. */
type Found = z.infer<typeof FoundPerson>;

export const findPerson = defineTool({
  name: 'find_person',
  title: 'Find a person or agent',
  description:
    'Resolves a name or email fragment ("Ada", "ada@") to the people and agents of the caller’s teams ' +
    'whose name (any word) or email starts with it, in any case — for requests such as "assign it to Ada". ' +
    'Each match carries its id, kind, name, avatar and the caller’s teams it is in (teamIds), with its role ' +
    'in the first. Several matches: ask which one is meant rather than guess.',
  inputSchema: {
    query: z
      .string()
      .min(1)
      .max(100)
      .describe('The start of a name (any word of it) or of an email, in any case'),
    kind: z.enum(['user', 'agent']).optional().describe('Only people (user) or only agents'),
  },
  outputSchema: {
    people: z
      .array(FoundPerson)
      .describe('The matches, each once, in the order the teams list them'),
  },
  annotations: READ,
  surface: 'in-app',
  scopes: ['teams:read'],
  run: async ({ query, kind }, api) => {
    const teams = await api.GET('/api/teams');
    if (!teams.response.ok || !teams.data)
      return callApi(Promise.resolve(teams), () => ({ people: [] }));
    const teamIds = teams.data.data.slice(0, FIND_TEAMS_MAX).map((t) => t.id);
    const found = new Map<string, Found>();
    // One request per team, at once; a team that fails (the caller just left it) is skipped.
    const pages = await Promise.all(
      teamIds.map((id) =>
        api.GET('/api/teams/{id}/members', {
          params: { path: { id }, query: { q: query, kind, limit: FIND_PER_TEAM } },
        }),
      ),
    );
    if (teamIds.length && pages.every((p) => !p.response.ok))
      return errorResult({
        code: 'SERVICE_UNAVAILABLE',
        message: 'No team’s members could be read now',
      });
    pages.forEach((p, i) => {
      for (const member of p.data?.data ?? []) {
        const seen = found.get(member.id);
        if (seen) seen.teamIds.push(teamIds[i]!);
        else found.set(member.id, { ...member, teamIds: [teamIds[i]!] });
      }
    });
    return okResult({ people: [...found.values()] });
  },
});

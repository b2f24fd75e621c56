import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AddMemberBody,
  DirectoryMember,
  TeamMembersQuery,
  pageMeta,
  pageOf,
  CreateTeamBody,
  Membership,
  TeamView,
  dataOf,
  TeamMemberParams,
  TeamParams,
  UpdateMemberBody,
} from '@momentum/contracts';
import { defineRoute, markMembershipsChanged } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import { addMember, changeRole, createTeam, removeMember, teamsOf } from '../usecases/teams.js';
import { teamDirectory } from '../usecases/directory.js';
import { memberView, teamView } from './replies.js';

export function registerTeamRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/teams',
      summary: "The caller's teams",
      operationId: 'listTeams',
      tags: ['teams'],
      response: { status: 200, schema: dataOf(z.array(TeamView)) },
    },
    async ({ actor }) => ({
      data: (await teamsOf(deps, actor)).map(({ team, role }) => teamView(team, role)),
    }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/teams',
      summary: 'Create a team; the caller becomes its owner',
      operationId: 'createTeam',
      tags: ['teams'],
      body: CreateTeamBody,
      response: { status: 201, schema: dataOf(TeamView) },
      errors: [403, 409],
    },
    async ({ actor, body, reply }) => {
      const team = await createTeam(deps, actor, body);
      markMembershipsChanged(reply, actor.id);
      return { data: teamView(team, 'owner') };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/teams/:id/members',
      summary: 'A team’s directory: its people and agents, with roles',
      description:
        'Oldest member first. `q` matches the start of a name (of any of its words) or of an email, in any case; `kind` keeps people or agents. Deactivated users are left out; emails are never shown. Members of the team and instance admins may read it.',
      operationId: 'listTeamMembers',
      tags: ['teams'],
      params: TeamParams,
      query: TeamMembersQuery,
      response: { status: 200, schema: pageOf(DirectoryMember) },
      errors: [403],
    },
    async ({ actor, params, query }) => {
      const { items, total } = await teamDirectory(deps, actor, params.id, query);
      return { data: items.map(memberView), meta: pageMeta(total, query) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/teams/:id/members',
      summary: 'Add a user to a team directly, with a role',
      description:
        'Owners and admins of the team (only owners add owners), and an instance admin, never to a team for themselves. An unknown user is 404; a member stays as they are. To ask someone, invite them.',
      operationId: 'addTeamMember',
      tags: ['teams'],
      params: TeamParams,
      body: AddMemberBody,
      response: { status: 201, schema: dataOf(Membership) },
      errors: [403],
    },
    async ({ actor, params, body, reply }) => {
      const membership = await addMember(deps, actor, params.id, body);
      markMembershipsChanged(reply, membership.userId);
      return { data: membership };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/teams/:id/members/:userId',
      summary: 'Remove a member from a team, or leave it',
      description:
        'Anyone may leave; owners and admins remove others, only owners remove an owner. The last owner cannot leave or be removed (409, `rule: last_owner`).',
      operationId: 'removeTeamMember',
      tags: ['teams'],
      params: TeamMemberParams,
      response: { status: 204, description: 'Removed' },
      errors: [403, 409],
    },
    async ({ actor, params, reply }) => {
      await removeMember(deps, actor, params.id, params.userId);
      markMembershipsChanged(reply, params.userId);
    },
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/teams/:id/members/:userId',
      summary: "Change a member's role",
      description:
        'Owners and admins; only owners make or unmake owners. Ownership is transferred by making another member `owner`, then stepping down or leaving. The last owner cannot step down (409, `rule: last_owner`).',
      operationId: 'updateTeamMember',
      tags: ['teams'],
      params: TeamMemberParams,
      body: UpdateMemberBody,
      response: { status: 200, schema: dataOf(Membership) },
      errors: [403, 409],
    },
    async ({ actor, params, body }) => ({
      data: await changeRole(deps, actor, params.id, params.userId, body.role),
    }),
  );
}

import type { FastifyInstance } from 'fastify';
import {
  AddMemberBody,
  CreateTeamBody,
  forbidden,
  notFound,
  TeamMemberParams,
  TeamParams,
  type Actor,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/service-kit';
import type { IdentityStore } from '../store/identity-store.js';
import type { IdentityEvents } from '../events/publisher.js';
import { deriveTeamKey } from '../domain/team-key.js';
import { requireHuman } from './guards.js';
import { teamView } from './views.js';

export function registerTeamRoutes(
  app: FastifyInstance,
  store: IdentityStore,
  events: IdentityEvents,
) {
  /** Members and admins manage a team; others learn nothing about it. */
  async function manageableTeam(actor: Actor, teamId: string) {
    const team = await store.findTeam(teamId);
    if (!team) throw notFound('Team');
    if (!actor.isAdmin && !(actor.type === 'user' && (await store.isMember(teamId, actor.id)))) {
      throw forbidden('Only members of the team can manage its members');
    }
    return team;
  }

  defineRoute(
    app,
    { method: 'GET', url: '/api/teams', summary: "The caller's teams", tags: ['teams'] },
    async ({ actor }) => {
      // A user's memberships are read fresh; an agent reaches the teams its actor names.
      const teamIds = actor.type === 'user' ? await store.teamIdsOf(actor.id) : actor.teamIds;
      const teams = await store.teamsOf(teamIds);
      return { data: teams.map(teamView) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/teams',
      summary: 'Create a team; the caller becomes a member',
      tags: ['teams'],
      body: CreateTeamBody,
      response: { status: 201 },
    },
    async ({ actor, body }) => {
      requireHuman(actor, 'create teams');
      const team = await store.createTeam({
        name: body.name,
        key: body.key ?? deriveTeamKey(body.name),
        chosen: body.key !== undefined,
        createdBy: actor.id,
      });
      await store.addMember(team._id, actor.id);
      await events.membershipAdded(actor, team._id, actor.id);
      return { data: teamView(team) };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/teams/:id/members',
      summary: 'Members of a team',
      tags: ['teams'],
      params: TeamParams,
    },
    async ({ actor, params }) => {
      if (!actor.isAdmin && !actor.teamIds.includes(params.id)) throw forbidden();
      if (!(await store.findTeam(params.id))) throw notFound('Team');
      return { data: await store.members(params.id) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/teams/:id/members',
      summary: 'Add a user to a team',
      tags: ['teams'],
      params: TeamParams,
      body: AddMemberBody,
      response: { status: 201 },
    },
    async ({ actor, params, body }) => {
      requireHuman(actor, 'change team membership');
      const team = await manageableTeam(actor, params.id);
      const user = await store.findUser(body.userId);
      if (!user) throw notFound('User');
      await store.addMember(team._id, user._id);
      await events.membershipAdded(actor, team._id, user._id);
      return { data: { teamId: team._id, userId: user._id } };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/teams/:id/members/:userId',
      summary: 'Remove a user from a team',
      tags: ['teams'],
      params: TeamMemberParams,
      response: { status: 204 },
    },
    async ({ actor, params }) => {
      requireHuman(actor, 'change team membership');
      await manageableTeam(actor, params.id);
      if (!(await store.removeMember(params.id, params.userId))) throw notFound('Membership');
      await events.membershipRemoved(actor, params.id, params.userId);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateInvitationBody,
  InvitationParams,
  InvitationView,
  TeamInvitationParams,
  TeamParams,
  dataOf,
} from '@momentum/contracts';
import { defineRoute, markMembershipsChanged } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import {
  answerInvitation,
  invite,
  myInvitations,
  revokeInvitation,
  teamInvitations,
} from '../usecases/invitations.js';
import { invitationView } from './replies.js';

const ENDED =
  'An invitation accepted, declined, revoked or expired is 409 with `details.status` saying which.';

export function registerInvitationRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/teams/:id/invitations',
      summary: 'Invite a user to the team, by id or email, with a role',
      description:
        'Owners and admins of the team; only owners invite owners. It expires after `INVITATION_TTL_HOURS` (7 days). A member, or one with a pending invitation, is 409.',
      operationId: 'createInvitation',
      tags: ['teams'],
      params: TeamParams,
      body: CreateInvitationBody,
      response: { status: 201, schema: dataOf(InvitationView) },
      errors: [403, 409],
    },
    async ({ actor, params, body }) => ({
      data: invitationView(await invite(deps, actor, params.id, body)),
    }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/teams/:id/invitations',
      summary: "The team's pending invitations",
      description: 'Owners and admins of the team; newest first, at most 200.',
      operationId: 'listTeamInvitations',
      tags: ['teams'],
      params: TeamParams,
      response: { status: 200, schema: dataOf(z.array(InvitationView)) },
      errors: [403],
    },
    async ({ actor, params }) => ({
      data: (await teamInvitations(deps, actor, params.id)).map(invitationView),
    }),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/teams/:id/invitations/:invitationId',
      summary: 'Revoke a pending invitation',
      description: `Owners and admins of the team. ${ENDED}`,
      operationId: 'revokeInvitation',
      tags: ['teams'],
      params: TeamInvitationParams,
      response: { status: 204, description: 'Revoked' },
      errors: [403, 409],
    },
    async ({ actor, params }) => {
      await revokeInvitation(deps, actor, params.id, params.invitationId);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/users/me/invitations',
      summary: "The caller's pending invitations",
      description: 'To their user id or their email; newest first, at most 200. Users only.',
      operationId: 'listMyInvitations',
      tags: ['teams'],
      response: { status: 200, schema: dataOf(z.array(InvitationView)) },
      errors: [403],
    },
    async ({ actor }) => ({ data: (await myInvitations(deps, actor)).map(invitationView) }),
  );

  for (const [verb, answer] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const) {
    defineRoute(
      app,
      {
        method: 'POST',
        url: `/api/invitations/:id/${verb}`,
        summary:
          verb === 'accept' ? 'Accept an invitation: join the team' : 'Decline an invitation',
        description: `The invitee only (anyone else: 404). ${ENDED}`,
        operationId: `${verb}Invitation`,
        tags: ['teams'],
        params: InvitationParams,
        response: { status: 200, schema: dataOf(InvitationView) },
        errors: [403, 409],
      },
      async ({ actor, params, reply }) => {
        const done = await answerInvitation(deps, actor, params.id, answer);
        if (answer === 'accepted') markMembershipsChanged(reply, actor.id);
        return { data: invitationView(done) };
      },
    );
  }
}

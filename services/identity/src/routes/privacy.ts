import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UserDeletionView, UserExportView, Uuid, dataOf } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import { exportMyData } from '../usecases/export.js';
import { deletionStatus, deletionView, requestDeletion } from '../usecases/deletion.js';

const UserParams = z.object({ id: Uuid });

/** A person's data: take it (export) or delete it (docs/SECURITY.md, Data protection). */
export function registerPrivacyRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/users/me/export',
      summary: 'Everything the caller owns or wrote, across the services, as one JSON document',
      description:
        'Streamed as it is read from each service (never assembled whole). A service failing midway ends the response with the document unterminated: a client that cannot parse it retries.',
      operationId: 'exportMyData',
      tags: ['identity'],
      response: { status: 200, schema: dataOf(UserExportView) },
      errors: [403],
    },
    async ({ actor, reply }) => {
      const stream = await exportMyData(deps, actor);
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="momentum-export.json"')
        .header('cache-control', 'no-store');
      return stream;
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/users/me',
      summary: "Delete the caller's account and erase their data",
      description:
        'Every key is revoked and every membership ended before the reply (the key that asked stops working), then each service erases its part; team content (issues, comments, activity) stays, attributed to "Deleted user". 202 with the deletion record: an instance admin follows it at `GET /api/users/:id/deletion`. 409 while the caller is the last owner of a team with other members (transfer ownership first).',
      operationId: 'deleteMe',
      tags: ['identity'],
      response: { status: 202, schema: dataOf(UserDeletionView) },
      errors: [403, 409],
    },
    async ({ actor }) => ({
      data: deletionView(await requestDeletion(deps, actor, actor.id)),
    }),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/users/:id',
      summary: 'Delete a user and erase their data (instance admin)',
      description: 'As `DELETE /api/users/me`, for any user but the bootstrap admin.',
      operationId: 'deleteUser',
      tags: ['identity'],
      params: UserParams,
      response: { status: 202, schema: dataOf(UserDeletionView) },
      errors: [403, 409],
    },
    async ({ actor, params }) => ({
      data: deletionView(await requestDeletion(deps, actor, params.id)),
    }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/users/:id/deletion',
      summary: "A user's deletion: which services have erased their part (instance admin)",
      description:
        '`pending` until every service confirmed, then `completed` (the account is gone). The record holds ids only and is kept DELETION_RECORD_DAYS (90) after completion.',
      operationId: 'getUserDeletion',
      tags: ['identity'],
      params: UserParams,
      response: { status: 200, schema: dataOf(UserDeletionView) },
      errors: [403],
    },
    async ({ actor, params }) => ({
      data: deletionView(await deletionStatus(deps, actor, params.id)),
    }),
  );
}

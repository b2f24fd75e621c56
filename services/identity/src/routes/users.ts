import type { FastifyInstance } from 'fastify';
import {
  ApiKeyInfo,
  CreateUserBody,
  KeyGrantBody,
  KeyParams,
  NewApiKey,
  NewUserView,
  UpdateMeBody,
  UserAccount,
  UserParams,
  UsersQuery,
  dataOf,
  pageMeta,
  pageOf,
} from '@momentum/contracts';
import { z } from 'zod';
import { defineRoute, markMembershipsChanged } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import { createUser, createUserKey, listUserKeys, revokeUserKey } from '../usecases/users.js';
import { updateMe } from '../usecases/profile.js';
import { deactivateUser, listUsers, reactivateUser } from '../usecases/admin-users.js';
import { accountView, keyInfo, userView } from './replies.js';

export function registerUserRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/users',
      summary: 'Create a user and their first API key (admin only)',
      description: 'The key is shown this once; only its hash is stored.',
      operationId: 'createUser',
      tags: ['identity'],
      body: CreateUserBody,
      response: { status: 201, schema: dataOf(NewUserView) },
      errors: [403, 409],
    },
    async ({ actor, body }) => {
      const { user, apiKey } = await createUser(deps, actor, body);
      return { data: { user: userView(user), apiKey } };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/users/me/api-keys',
      summary: "List the caller's keys: name, scopes, expiry, last use (never the keys)",
      description:
        'Revoked keys are left out; expired ones stay listed (with their `expiresAt`) until revoked. `lastUsedAt` is updated at most once a minute per key.',
      operationId: 'listMyApiKeys',
      tags: ['identity'],
      response: { status: 200, schema: dataOf(z.array(ApiKeyInfo)) },
      errors: [403],
    },
    async ({ actor }) => ({ data: (await listUserKeys(deps, actor)).map(keyInfo) }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/users/me/api-keys',
      summary: 'Create an extra API key for the caller; shown once',
      description:
        'The optional body names the key and limits it: `scopes` from the catalogue (an unknown one is 422; omitted, the calling key’s own) and `expiresAt` (future, else 422; omitted, never, or when the calling key expires). A key never grants more than it holds: a scope it lacks or a later expiry is 403.',
      operationId: 'createMyApiKey',
      tags: ['identity'],
      body: KeyGrantBody.optional(),
      response: { status: 201, schema: dataOf(NewApiKey) },
      errors: [403, 409],
    },
    async ({ actor, body }) => ({ data: await createUserKey(deps, actor, body) }),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/users/me/api-keys/:id',
      summary: 'Revoke one of the caller’s keys, at once',
      operationId: 'revokeMyApiKey',
      tags: ['identity'],
      params: KeyParams,
      response: { status: 204, description: 'Revoked; every gateway refuses the key at once' },
      errors: [403],
    },
    async ({ actor, params }) => revokeUserKey(deps, actor, params.id),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/users/me',
      summary: 'Change the caller’s name, email or time zone',
      description:
        '`email` is unique across users in any case (409 if another holds it; null removes it); `timeZone` an IANA zone, stored canonical (`europe/berlin` → `Europe/Berlin`; else 422). Users only (an agent is 403). Needs `profile:write`.',
      operationId: 'updateMe',
      tags: ['identity'],
      body: UpdateMeBody,
      response: { status: 200, schema: dataOf(UserAccount) },
      errors: [403, 409],
    },
    async ({ actor, body, reply }) => {
      const user = await updateMe(deps, actor, body);
      // The caller's name rides on their cached actor: this gateway drops it before replying.
      markMembershipsChanged(reply, user._id);
      return { data: accountView(user) };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/users',
      summary: 'Every user of the instance, by name (instance admins)',
      description:
        '`q` matches the start of a name (any of its words) or of an email, in any case; `active=false` lists the deactivated.',
      operationId: 'listUsers',
      tags: ['identity'],
      query: UsersQuery,
      response: { status: 200, schema: pageOf(UserAccount) },
      errors: [403],
    },
    async ({ actor, query }) => {
      const { items, total } = await listUsers(deps, actor, {
        ...query,
        active: query.active === undefined ? undefined : query.active === 'true',
      });
      return { data: items.map(accountView), meta: pageMeta(total, query) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/users/:id/deactivate',
      summary: 'Deactivate a user: their keys and grants stop at once (instance admins)',
      description:
        'Every gateway refuses the user’s keys and their agents’ keys from the reply on, and `identity.user.deactivated` tells grant holders. Idempotent; nothing is deleted (`reactivate` undoes it). An admin cannot deactivate themselves.',
      operationId: 'deactivateUser',
      tags: ['identity'],
      params: UserParams,
      response: { status: 200, schema: dataOf(UserAccount) },
      errors: [403],
    },
    async ({ actor, params, reply }) => {
      const user = await deactivateUser(deps, actor, params.id);
      markMembershipsChanged(reply, user._id);
      return { data: accountView(user) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/users/:id/reactivate',
      summary: 'Reactivate a deactivated user (instance admins)',
      description:
        'Their keys work again, those not revoked or expired (a gateway that refused one in the last 5 s may refuse it until then). Idempotent.',
      operationId: 'reactivateUser',
      tags: ['identity'],
      params: UserParams,
      response: { status: 200, schema: dataOf(UserAccount) },
      errors: [403],
    },
    async ({ actor, params, reply }) => {
      const user = await reactivateUser(deps, actor, params.id);
      markMembershipsChanged(reply, user._id);
      return { data: accountView(user) };
    },
  );
}

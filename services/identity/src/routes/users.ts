import type { FastifyInstance } from 'fastify';
import {
  ApiKeyInfo,
  CreateUserBody,
  KeyGrantBody,
  KeyParams,
  NewApiKey,
  NewUserView,
  dataOf,
} from '@momentum/contracts';
import { z } from 'zod';
import { defineRoute } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import { createUser, createUserKey, listUserKeys, revokeUserKey } from '../usecases/users.js';
import { keyInfo, userView } from './replies.js';

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
}

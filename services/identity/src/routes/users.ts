import type { FastifyInstance } from 'fastify';
import { CreateUserBody, KeyParams } from '@momentum/contracts';
import { defineRoute, hashSecret, newApiKey } from '@momentum/service-kit';
import type { IdentityStore } from '../store/identity-store.js';
import type { IdentityEvents } from '../events/publisher.js';
import { requireAdmin, requireHuman } from './guards.js';
import { userView } from './views.js';

export function registerUserRoutes(
  app: FastifyInstance,
  store: IdentityStore,
  events: IdentityEvents,
) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/users',
      summary: 'Create a user and their first API key (admin only)',
      tags: ['identity'],
      body: CreateUserBody,
      response: { status: 201 },
    },
    async ({ actor, body }) => {
      requireAdmin(actor);
      const user = await store.createUser({ name: body.name, email: body.email ?? null });
      const key = newApiKey('u');
      await store.createKey(user._id, key.keyId, await hashSecret(key.secret));
      await events.userCreated(actor, { id: user._id, name: user.name });
      return { data: { user: userView(user), apiKey: key.raw } };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/users/me/api-keys',
      summary: "List the caller's active key ids (never the keys)",
      tags: ['identity'],
    },
    async ({ actor }) => {
      requireHuman(actor, 'manage user keys');
      const keys = await store.listKeys(actor.id);
      return {
        data: keys.map((k) => ({
          id: k._id,
          keyId: k.keyId,
          createdAt: k.createdAt.toISOString(),
        })),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/users/me/api-keys',
      summary: 'Create an extra API key for the caller; shown once',
      tags: ['identity'],
      response: { status: 201 },
    },
    async ({ actor }) => {
      requireHuman(actor, 'create keys');
      const key = newApiKey('u');
      const id = await store.createKey(actor.id, key.keyId, await hashSecret(key.secret));
      return { data: { id, apiKey: key.raw } };
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/users/me/api-keys/:id',
      summary: 'Revoke one of the caller’s keys, at once',
      tags: ['identity'],
      params: KeyParams,
      response: { status: 204 },
    },
    async ({ actor, params }) => {
      requireHuman(actor, 'revoke keys');
      const keyId = await store.revokeKey(actor.id, params.id);
      await events.keyRevoked(actor, keyId, actor.id);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { ProfileView, UpdateProfileBody, dataOf } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { HabitsDeps } from '../deps.js';
import { getProfile, updateProfile } from '../usecases/profile.js';

const tags = ['profile'];
const One = dataOf(ProfileView);

/** The caller's XP, level and day settings (an agent sees its owner's). */
export function registerProfileRoutes(app: FastifyInstance, deps: HabitsDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/profile',
      summary: 'XP, level and time zone of the caller',
      operationId: 'getProfile',
      tags,
      response: { status: 200, schema: One },
    },
    async ({ actor }) => ({ data: await getProfile(deps, actor.userId) }),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/profile',
      summary: 'Set the time zone (IANA name) and the hour the day starts',
      operationId: 'updateProfile',
      tags,
      body: UpdateProfileBody,
      response: { status: 200, schema: One },
    },
    async ({ actor, body }) => ({ data: await updateProfile(deps, actor, body) }),
  );
}

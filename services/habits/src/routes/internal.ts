import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute, defineExportRoute } from '@momentum/http';
import type { HabitsDeps } from '../deps.js';
import { getProfile } from '../usecases/profile.js';
import { requireTaskId } from '../usecases/read-task.js';
import { exportUserData } from '../usecases/personal-data.js';

const Id = z.object({ id: z.string().max(64) });

/** For the gateway (which service owns a task id) and identity (level and XP on /api/me). */
export function registerInternalRoutes(app: FastifyInstance, deps: HabitsDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/owns/:id',
      summary: 'Whether a task has this id',
      internal: true,
      callers: ['gateway'],
      params: Id,
    },
    async ({ params }) => {
      await requireTaskId(deps, params.id);
      return { data: { id: params.id } };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/progress/:userId',
      summary: "A user's XP and level",
      internal: true,
      callers: ['identity'],
      params: z.object({ userId: z.string().max(64) }),
    },
    async ({ params }) => {
      const p = await getProfile(deps, params.userId);
      return {
        data: {
          userId: p.userId,
          xp: p.xp,
          level: p.level,
          xpIntoLevel: p.xpIntoLevel,
          xpToNextLevel: p.xpToNextLevel,
        },
      };
    },
  );

  defineExportRoute(app, "A person's profile, tasks and completions (NDJSON, streamed)", (userId) =>
    exportUserData(deps, userId),
  );
}

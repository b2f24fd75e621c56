import type { FastifyInstance } from 'fastify';
import {
  createServiceApp,
  ensureIndexes,
  InternalClient,
  isMongoUp,
  type ServiceContext,
  admissionOf,
} from '@momentum/service-kit';
import type { IdentityConfig } from './config.js';
import { identityModels } from './store/models.js';
import { IdentityStore } from './store/identity-store.js';
import { IdentityEvents } from './events/publisher.js';
import { ensureAdmin } from './bootstrap.js';
import { registerMeRoutes } from './routes/me.js';
import { registerUserRoutes } from './routes/users.js';
import { registerTeamRoutes } from './routes/teams.js';
import { registerInternalRoutes } from './routes/internal.js';

/** Builds the identity app: users, teams, memberships and user keys. */
export async function buildIdentityApp(
  ctx: ServiceContext<IdentityConfig>,
): Promise<FastifyInstance> {
  const store = new IdentityStore(identityModels(ctx.db));
  await ensureIndexes(ctx.db);
  if (ctx.config.ADMIN_API_KEY) await ensureAdmin(store, ctx.config.ADMIN_API_KEY);

  const app = createServiceApp({
    name: 'identity',
    internalSecret: ctx.config.INTERNAL_SECRET,
    logLevel: ctx.config.LOG_LEVEL,
    admission: admissionOf(ctx.config),
    ready: () => isMongoUp(ctx.db),
  });
  const habits = ctx.config.HABITS_URL
    ? new InternalClient(ctx.config.HABITS_URL, ctx.config.INTERNAL_SECRET)
    : null;
  const events = new IdentityEvents(ctx.bus);

  registerMeRoutes(app, store, habits);
  registerUserRoutes(app, store, events);
  registerTeamRoutes(app, store, events);
  registerInternalRoutes(app, store);
  app.addHook('onClose', async () => habits?.close());
  return app;
}

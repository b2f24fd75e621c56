import type { FastifyInstance } from 'fastify';
import { createServiceApp } from '@momentum/http';
import { admissionOf } from '@momentum/config';
import { OutboxRelay } from '@momentum/messaging/outbox';
import { busConnected } from '@momentum/messaging';
import { dropRetiredIndexes, ensureIndexes, isMongoUp } from '@momentum/storage';
import type { ServiceContext } from '@momentum/runtime';
import type { HabitsConfig } from './config.js';
import { RETIRED_TASK_INDEXES, habitsModels } from './store/models.js';
import { TaskStore } from './store/task-store.js';
import { ProfileStore } from './store/profile-store.js';
import { CompletionStore } from './store/completion-store.js';
import { PersonalDataStore } from './store/personal-data.js';
import { startErasure } from './consumers/erasure.js';
import type { HabitsDeps } from './deps.js';
import { SettledDays } from './usecases/settled-days.js';
import { registerTaskRoutes } from './routes/tasks.js';
import { registerProfileRoutes } from './routes/profile.js';
import { registerInternalRoutes } from './routes/internal.js';
import { startXpRecovery } from './usecases/xp-recovery.js';

export interface HabitsAppOptions {
  /** The clock; tests pass one to move between days. */
  now?: () => Date;
  /**
   * The ports as the use cases get them, wrapped: a fault test makes a store throw
   * between a completion's steps to stand for the process dying there.
   */
  ports?: (deps: HabitsDeps) => HabitsDeps;
}

/** Builds the habits app: habits, dailies, to-dos, streaks, XP and levels. */
export async function buildHabitsApp(
  ctx: ServiceContext<HabitsConfig>,
  options: HabitsAppOptions = {},
): Promise<FastifyInstance> {
  const models = habitsModels(ctx.db);
  await ensureIndexes(ctx.db);
  await dropRetiredIndexes(models.Task.collection, RETIRED_TASK_INDEXES);
  const relay = new OutboxRelay(
    ctx.bus,
    [models.Task, models.Profile],
    ctx.log,
    ctx.config.OUTBOX_SWEEP_MS,
  );
  const tasks = new TaskStore(models);
  const built: HabitsDeps = {
    tasks,
    profiles: new ProfileStore(models, tasks, ctx.log),
    completions: new CompletionStore(models),
    personalData: new PersonalDataStore(models),
    outbox: relay,
    settledDays: new SettledDays(),
    now: options.now ?? (() => new Date()),
    log: ctx.log,
  };
  const deps = options.ports ? options.ports(built) : built;

  const app = createServiceApp({
    name: 'habits',
    internalSecret: ctx.config.INTERNAL_SECRET,
    signing: ctx.config,
    sharedNonces: ctx.nonces,
    logLevel: ctx.config.LOG_LEVEL,
    admission: admissionOf(ctx.config),
    ready: () => isMongoUp(ctx.db) && busConnected(ctx.bus),
    metricsPort: ctx.config.METRICS_PORT,
  });
  registerTaskRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerInternalRoutes(app, deps);
  relay.start();
  await startErasure(ctx.bus, deps);
  // XP a crashed completion left on its task: looked for as often as unpublished events.
  const stopXpRecovery = startXpRecovery(deps, ctx.log, ctx.config.OUTBOX_SWEEP_MS);
  app.addHook('onClose', async () => {
    stopXpRecovery();
    await relay.stop();
  });
  return app;
}

import type { FastifyInstance } from 'fastify';
import type { Actor } from '@momentum/contracts';
import type { ServiceContext } from '@momentum/service-kit';
import { injectAs, testConfig, testContext, useStarted } from '@momentum/service-kit/testing';
import { HabitsConfigSchema, type HabitsConfig } from '../../src/config.js';
import { buildHabitsApp } from '../../src/app.js';

/** A habits app on its own database and subject prefix, with a clock tests can move. */
export async function startHabits() {
  const config = HabitsConfigSchema.parse(testConfig({ OUTBOX_SWEEP_MS: '500' }));
  const ctx: ServiceContext<HabitsConfig> = await testContext('habits', config);
  // Monday 2025-03-10, noon UTC.
  const clock = { now: new Date('2025-03-10T12:00:00Z') };
  const app: FastifyInstance = await buildHabitsApp(ctx, { now: () => clock.now });
  return {
    ctx,
    app,
    clock,
    /** Requests as one actor. */
    as(actor: Actor) {
      return {
        get: (url: string) => injectAs(app, actor, { method: 'GET', url }),
        post: (url: string, payload?: unknown) =>
          injectAs(app, actor, {
            method: 'POST',
            url,
            ...(payload === undefined ? {} : { payload: payload as object }),
          }),
        patch: (url: string, payload: unknown) =>
          injectAs(app, actor, { method: 'PATCH', url, payload: payload as object }),
        del: (url: string) => injectAs(app, actor, { method: 'DELETE', url }),
      };
    },
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}
export type Habits = Awaited<ReturnType<typeof startHabits>>;

/** A habits app for the enclosing `describe` (see useStarted). */
export const useHabits = (): Habits => useStarted(startHabits);

export const habitBody = (over: Record<string, unknown> = {}) => ({
  type: 'habit',
  title: 'Drink water',
  difficulty: 'easy',
  isPositive: true,
  ...over,
});
export const dailyBody = (over: Record<string, unknown> = {}) => ({
  type: 'daily',
  title: 'Stretch',
  difficulty: 'medium',
  schedule: { days: [1, 3, 5] },
  ...over,
});
export const todoBody = (over: Record<string, unknown> = {}) => ({
  type: 'todo',
  title: 'File taxes',
  difficulty: 'hard',
  dueDate: '2025-04-15',
  ...over,
});

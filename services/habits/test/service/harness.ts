import type { FastifyInstance } from 'fastify';
import type { Actor } from '@momentum/contracts';
import type { ServiceContext } from '@momentum/runtime';
import { injectAs, testConfig, testContext, useStarted } from '@momentum/testing';
import { HabitsConfigSchema, type HabitsConfig } from '../../src/config.js';
import { buildHabitsApp } from '../../src/app.js';
import type { HabitsDeps } from '../../src/deps.js';

/** Hooks between a completion's steps: a throw stands for the process dying there. */
export interface CompletionFaults {
  /** After the task write that carries a completion's XP, before the profile has it. */
  afterTaskWrite?: () => void;
  /** After the profile has the XP, before the task stops listing it. */
  afterXpApplied?: () => void;
}

/**
 * The hooks around the profile store's `applyXp`: the step after a completion's task write
 * (award-xp.ts), whose XP it applies before the task is settled. The service has no hooks
 * of its own; the fault tests wrap its ports.
 */
const withFaults =
  (faults: CompletionFaults) =>
  (deps: HabitsDeps): HabitsDeps => {
    const { profiles } = deps;
    const applyXp = profiles.applyXp.bind(profiles);
    profiles.applyXp = async (...args: Parameters<typeof applyXp>) => {
      faults.afterTaskWrite?.();
      const applied = await applyXp(...args);
      if (!applied.unjudged) faults.afterXpApplied?.();
      return applied;
    };
    return deps;
  };

/** The tests' clock: Monday 2025-03-10, noon UTC, until a test moves it. */
const newClock = () => ({ now: new Date('2025-03-10T12:00:00Z') });

/**
 * A habits app on its own database and subject prefix, with a clock tests can move. Given
 * another's config and clock, a second process of that service: its own connection,
 * relay and app on the same database and subjects.
 */
export async function startHabits(
  shared: { config: HabitsConfig; clock: { now: Date } } = {
    config: HabitsConfigSchema.parse(testConfig({ OUTBOX_SWEEP_MS: '500' })),
    clock: newClock(),
  },
  faults: CompletionFaults = {},
) {
  const { config, clock } = shared;
  const ctx: ServiceContext<HabitsConfig> = await testContext('habits', config);
  const app: FastifyInstance = await buildHabitsApp(ctx, {
    now: () => clock.now,
    ports: withFaults(faults),
  });
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

/**
 * Two processes of the service on one database, for the enclosing `describe`: two apps on
 * two connections, sharing the clock. `pick(i)` alternates between them.
 */
export function useTwoHabits() {
  return useStarted(async () => {
    const first = await startHabits();
    const second = await startHabits({ config: first.ctx.config, clock: first.clock });
    const both = [first, second] as const;
    return {
      first,
      second,
      clock: first.clock,
      pick: (i: number): Habits => both[i % 2]!,
      async close() {
        await Promise.all([first.app.close(), second.app.close()]);
        await second.ctx.close();
        await first.ctx.close();
      },
    };
  });
}

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

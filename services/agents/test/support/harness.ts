import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Actor, EventEnvelope } from '@momentum/contracts';
import { connectService, type ServiceContext } from '@momentum/runtime';
import {
  eventually,
  injectAs,
  testConfig,
  testContext,
  userActor,
  useStarted,
} from '@momentum/testing';
import { AgentsConfigSchema, type AgentsConfig } from '../../src/config.js';
import { buildAgentsApp } from '../../src/app.js';
import { InMemoryOwnerDirectory } from './owners.js';

export interface Harness {
  ctx: ServiceContext<AgentsConfig>;
  app: FastifyInstance;
  owners: InMemoryOwnerDirectory;
  /** Every agents event seen on the bus, in order. */
  events: EventEnvelope[];
  /** A user known to the fake identity, with the given teams. */
  user(teamIds?: string[]): Actor;
  as(actor: Actor, options: InjectOptions): ReturnType<typeof injectAs>;
  close(): Promise<void>;
}

/** The agents app on its own database and subject prefix, with identity in memory. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const config = AgentsConfigSchema.parse(testConfig(env));
  return startOn(await testContext('agents', config), new InMemoryOwnerDirectory());
}

/**
 * A second process of the same service: its own connections to the first one's database
 * and subjects, the same owners. Closing it leaves the database to the first.
 */
export async function startTwin(h: Harness): Promise<Harness> {
  return startOn(await connectService('agents', h.ctx.config), h.owners);
}

async function startOn(
  ctx: ServiceContext<AgentsConfig>,
  owners: InMemoryOwnerDirectory,
): Promise<Harness> {
  const app = await buildAgentsApp(ctx, { owners });
  const events: EventEnvelope[] = [];
  ctx.bus.subscribe(`${ctx.bus.prefix}.agents.>`, (e) => events.push(e as EventEnvelope));
  await ctx.bus.nc.flush();
  return {
    ctx,
    app,
    owners,
    events,
    user(teamIds = []) {
      const actor = userActor({ teamIds });
      owners.set({ id: actor.id, name: actor.name, isAdmin: false, teamIds });
      return actor;
    },
    as: (actor, options) => injectAs(app, actor, options),
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

/** A harness for the enclosing `describe` (see useStarted). */
export const useHarness = (): Harness => useStarted(startHarness);

/** Poll briefly: a core NATS subscriber sees a message a moment after the publish is acknowledged. */
export const waitFor = <T>(
  check: () => T | undefined | null | false,
  timeoutMs = 3000,
): Promise<T> => eventually(async () => check(), timeoutMs, 20);

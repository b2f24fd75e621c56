import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Actor, EventEnvelope } from '@momentum/contracts';
import { connectService, type ServiceContext } from '@momentum/runtime';
import { injectAs, testConfig, testContext } from '@momentum/testing';
import { IdentityConfigSchema, type IdentityConfig } from '../../src/config.js';
import { buildIdentityApp } from '../../src/app.js';
import type { TeamAgents } from '../../src/clients/agents.js';

/** One identity process under test, and every identity event seen on its subjects. */
export interface Identity {
  ctx: ServiceContext<IdentityConfig>;
  app: FastifyInstance;
  events: EventEnvelope[];
  as(actor: Actor, options: InjectOptions): ReturnType<typeof injectAs>;
  close(): Promise<void>;
}

/** The identity app on its own database and subject prefix. */
export async function startIdentity(
  extra: Record<string, string> = {},
  options: { agents?: TeamAgents } = {},
): Promise<Identity> {
  const config = IdentityConfigSchema.parse(testConfig(extra));
  return startOn(await testContext('identity', config), options);
}

/**
 * A second process of the same service: its own connections to the first one's database
 * and subjects. Closing it leaves the database to the first.
 */
export async function startTwin(first: Identity): Promise<Identity> {
  return startOn(await connectService('identity', first.ctx.config));
}

async function startOn(
  ctx: ServiceContext<IdentityConfig>,
  options: { agents?: TeamAgents } = {},
): Promise<Identity> {
  const app = await buildIdentityApp(ctx, options);
  const events: EventEnvelope[] = [];
  ctx.bus.subscribe(`${ctx.bus.prefix}.identity.>`, (e) => events.push(e as EventEnvelope));
  await ctx.bus.nc.flush();
  return {
    ctx,
    app,
    events,
    as: (actor, options) => injectAs(app, actor, options),
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

/** The distinct events (by id) of a type whose data matches `data`. */
export function eventsOf(
  identity: Identity,
  type: string,
  data: Record<string, unknown>,
): EventEnvelope[] {
  const matching = identity.events.filter(
    (e) =>
      e.type === type &&
      Object.entries(data).every(([k, v]) => (e.data as Record<string, unknown>)[k] === v),
  );
  return [...new Map(matching.map((e) => [e.id, e])).values()];
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  EventTypes,
  type Actor,
  type EventEnvelope,
  type IssueEventData,
  type IssueStatus,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { connectService, type ServiceContext } from '@momentum/runtime';
import {
  eventually,
  injectAs,
  testConfig,
  testContext,
  userActor,
  useStarted,
} from '@momentum/testing';
import { ProjectsConfigSchema, type ProjectsConfig } from '../../src/config.js';
import { buildProjectsApp } from '../../src/app.js';
import { FakeIssueStates, FakeTeamDirectory } from './fakes.js';

/** One app on its own database and subject prefix, with fake identity and issues. */
export interface Harness {
  ctx: ServiceContext<ProjectsConfig>;
  app: FastifyInstance;
  teams: FakeTeamDirectory;
  issueStates: FakeIssueStates;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const ctx = await testContext('projects', ProjectsConfigSchema.parse(testConfig(env)));
  const teams = new FakeTeamDirectory();
  const issueStates = new FakeIssueStates();
  const app = await buildProjectsApp(ctx, { teams, issueStates });
  return {
    ctx,
    app,
    teams,
    issueStates,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

/**
 * A second process of the same service: its own connections to the same database and
 * subjects (so it shares the durable consumer and the outbox), the same fakes. Closing it
 * leaves the database to the first.
 */
export async function startTwin(h: Harness): Promise<Harness> {
  const ctx = await connectService('projects', h.ctx.config);
  const app = await buildProjectsApp(ctx, { teams: h.teams, issueStates: h.issueStates });
  return {
    ctx,
    app,
    teams: h.teams,
    issueStates: h.issueStates,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

/** One harness for a `describe` block (see useStarted). */
export const useProjectsApp = (): Harness => useStarted(startHarness);

/** A user in a fresh team (known to the fake directory). */
export function member(h: Harness, teamIds: string[] = [randomUUID()]): Actor {
  const actor = userActor({ teamIds });
  for (const t of teamIds) h.teams.add(t, actor.id);
  return actor;
}

export async function createProject(h: Harness, actor: Actor, body: Record<string, unknown>) {
  const res = await injectAs(h.app, actor, {
    method: 'POST',
    url: '/api/projects',
    payload: { teamId: actor.teamIds[0], ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Every event published under the harness prefix for `service`, as it arrives. */
export function recordEvents(h: Harness, service: string): EventEnvelope[] {
  const seen: EventEnvelope[] = [];
  h.ctx.bus.subscribe(`${h.ctx.bus.prefix}.${service}.>`, (data) =>
    seen.push(data as EventEnvelope),
  );
  return seen;
}

/** `eventually`, polling every 25 ms. */
export const until = <T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 5000) =>
  eventually(check, timeoutMs, 25);

/** The project routes as an actor, for one harness (resolved lazily: it starts in beforeAll). */
export function requests(harness: () => Harness) {
  const as = (actor: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    injectAs(harness().app, actor, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    post: (actor: Actor, payload: unknown) => as(actor, 'POST', '/api/projects', payload),
    patch: (actor: Actor, id: string, payload: unknown) =>
      as(actor, 'PATCH', `/api/projects/${id}`, payload),
    get: (actor: Actor, url: string) => as(actor, 'GET', url),
  };
}

/** The `_count` a project shows with these per-status numbers (the rest zero). */
export const countsWith = (byStatus: Partial<Record<IssueStatus, number>>) => {
  const issuesByStatus = {
    backlog: 0,
    todo: 0,
    in_progress: 0,
    in_review: 0,
    done: 0,
    cancelled: 0,
    ...byStatus,
  };
  return { issues: Object.values(issuesByStatus).reduce((a, b) => a + b, 0), issuesByStatus };
};

/** Issue events as the issues service publishes them, and the counts they lead to. */
export function issueEvents(harness: () => Harness) {
  /** A fresh envelope each time, like a producer retry past the dedupe window. */
  const publish = (type: 'created' | 'updated', data: Omit<IssueEventData, 'identifier'>) =>
    harness().ctx.bus.publish(
      makeEvent<IssueEventData>(
        type === 'created' ? EventTypes.issues.issueCreated : EventTypes.issues.issueUpdated,
        { identifier: 'X-1', ...data },
      ),
    );
  const countsOf = async (actor: Actor, projectId: string) =>
    (
      await injectAs(harness().app, actor, { method: 'GET', url: `/api/projects/${projectId}` })
    ).json().data._count;
  const converges = (actor: Actor, projectId: string, expected: ReturnType<typeof countsWith>) =>
    until(
      async () => JSON.stringify(await countsOf(actor, projectId)) === JSON.stringify(expected),
    );
  return { publish, countsOf, converges };
}

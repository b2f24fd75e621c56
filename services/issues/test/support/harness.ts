import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { RequestSubjects, type Actor, type ProjectLookupReply } from '@momentum/contracts';
import type { ServiceContext } from '@momentum/runtime';
import type { Fence } from '@momentum/storage';
import { injectAs, testConfig, testContext, userActor } from '@momentum/testing';
import { IssuesConfigSchema, type IssuesConfig } from '../../src/config.js';
import { buildIssuesApp, type IssuesAppOptions } from '../../src/app.js';
import type { IssuesDeps } from '../../src/deps.js';
import { MemoryDirectory } from './memory-directory.js';

/**
 * One issues app on its own database and subject prefix, with an in-memory directory and
 * a stand-in for the projects service's lookup (`projects` answers it).
 */
export interface Harness {
  ctx: ServiceContext<IssuesConfig>;
  app: FastifyInstance;
  directory: MemoryDirectory;
  /** What the fake projects service knows; the lookup answers from here. */
  projects: Map<string, NonNullable<ProjectLookupReply>>;
  close(): Promise<void>;
}

/** Where a test may pause a use case (a process stalled or dying at the worst moment). */
export interface IssuesHooks {
  /** After a link's cycle check passed, before its write (before the fence is checked). */
  beforeLinkWrite?: () => Promise<void>;
  /**
   * After a write that carries activity entries, before the log has them: a throw stands
   * for the process dying there (the recovery records them later).
   */
  beforeActivity?: () => void | Promise<void>;
}

/**
 * The hooks on the ports they precede: a link's write is checked under its fence right
 * before it is made, and carried activity is recorded through `activity.record`. The
 * service has no hooks of its own; the fault tests wrap its ports.
 */
const withHooks =
  (hooks: IssuesHooks) =>
  (deps: IssuesDeps): IssuesDeps => {
    const { links, activity } = deps;
    const { beforeLinkWrite, beforeActivity } = hooks;
    if (beforeLinkWrite) {
      type Work<T> = (fence: Fence) => Promise<T>;
      const paused =
        <T>(work: Work<T>): Work<T> =>
        (fence) =>
          work({
            tokens: fence.tokens,
            wrote: (undo) => fence.wrote(undo),
            check: async () => {
              await beforeLinkWrite();
              await fence.check();
            },
          });
      const parents = links.parents.bind(links);
      const blockers = links.blockers.bind(links);
      links.parents = (projectId, work) => parents(projectId, paused(work));
      links.blockers = (projectIds, work) => blockers(projectIds, paused(work));
    }
    if (beforeActivity) {
      const record = activity.record.bind(activity);
      activity.record = async (...args: Parameters<typeof record>) => {
        await beforeActivity();
        return record(...args);
      };
      const insertBatched = activity.insertBatched.bind(activity);
      activity.insertBatched = async (...args: Parameters<typeof insertBatched>) => {
        await beforeActivity();
        return insertBatched(...args);
      };
    }
    return deps;
  };

export async function startHarness(
  config: IssuesConfig = IssuesConfigSchema.parse(testConfig()),
  shared: Pick<Harness, 'directory' | 'projects'> = {
    directory: new MemoryDirectory(),
    projects: new Map(),
  },
  {
    hooks,
    ...options
  }: Omit<IssuesAppOptions, 'directory' | 'ports'> & { hooks?: IssuesHooks } = {},
): Promise<Harness> {
  const ctx = await testContext('issues', config);
  const { directory, projects } = shared;
  ctx.bus.respond(
    RequestSubjects.projectLookup,
    async (data) => projects.get((data as { id: string }).id) ?? null,
  );
  const app = await buildIssuesApp(ctx, {
    ...options,
    directory,
    ...(hooks ? { ports: withHooks(hooks) } : {}),
  });
  return {
    ctx,
    app,
    directory,
    projects,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

/**
 * Two apps of the service on one database and subject prefix, each on its own connection,
 * as two processes of the service are; they share the directory and the projects lookup.
 */
export async function startPair(): Promise<[Harness, Harness]> {
  const config = IssuesConfigSchema.parse(testConfig());
  const first = await startHarness(config);
  const second = await startHarness(config, first);
  return [first, second];
}

/**
 * Two apps on one database (startPair) and a world they share, for a `describe` block:
 * started in `beforeAll`, closed in `afterAll`. Filled in when `beforeAll` has run.
 */
export function useIssuesPair(key?: string): { pair: Harness[]; w: World } {
  const pair: Harness[] = [];
  const w = {} as World;
  beforeAll(async () => {
    pair.push(...(await startPair()));
    Object.assign(w, newWorld(pair[0]!, key));
  });
  afterAll(async () => {
    for (const h of pair.reverse()) await h.close();
  });
  return { pair, w };
}

/**
 * One harness and one world for a `describe` block: started in `beforeAll`, closed in
 * `afterAll`. The returned objects are filled in when `beforeAll` has run.
 */
export function useIssuesApp(key?: string): { h: Harness; w: World } {
  const h = {} as Harness;
  const w = {} as World;
  beforeAll(async () => {
    Object.assign(h, await startHarness());
    Object.assign(w, newWorld(h, key));
  });
  afterAll(async () => h.close());
  return { h, w };
}

export interface World {
  teamId: string;
  projectId: string;
  key: string;
  owner: Actor;
}

let keySeq = 0;

/** A team with a member and a project the lookup knows. */
export function newWorld(h: Harness, key = `P${++keySeq}X`): World {
  const teamId = randomUUID();
  const projectId = randomUUID();
  const owner = userActor({ teamIds: [teamId], name: `owner-${key}` });
  h.directory.addMember(teamId, { id: owner.id, name: owner.name });
  h.projects.set(projectId, { id: projectId, teamId, key, name: `Project ${key}` });
  return { teamId, projectId, key, owner };
}

export function call(
  h: Harness,
  actor: Actor,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return injectAs(h.app, actor, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function createIssue(
  h: Harness,
  w: World,
  body: Record<string, unknown> = {},
  actor: Actor = w.owner,
) {
  const res = await call(h, actor, 'POST', '/api/tasks', {
    projectId: w.projectId,
    title: 'An issue',
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; identifier: string; [k: string]: unknown };
}

/** Poll until `check` is truthy (events and outbox flushes are asynchronous). */
export { eventually } from '@momentum/testing';

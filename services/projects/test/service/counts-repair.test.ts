import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EventTypes,
  ISSUE_STATES_PAGE,
  streamNameFor,
  SYSTEM_ACTOR,
  type IssueEventData,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { connectService } from '@momentum/runtime';
import { injectAs, testConfig, testContext } from '@momentum/testing';
import { ProjectsConfigSchema } from '../../src/config.js';
import { buildProjectsApp } from '../../src/app.js';
import { FakeIssueStates, FakeTeamDirectory } from './fakes.js';
import {
  countsWith,
  createProject,
  issueEvents,
  member,
  until,
  useProjectsApp,
  type Harness,
} from './harness.js';

const rebuild = (h: Harness, projectId: string) =>
  injectAs(h.app, SYSTEM_ACTOR, {
    method: 'POST',
    url: `/internal/projects/${projectId}/rebuild-counts`,
  });

describe('issue counts that repair themselves', () => {
  const h = useProjectsApp();
  const { publish, countsOf, converges } = issueEvents(() => h);
  const deleted = (data: Omit<IssueEventData, 'identifier'>) =>
    h.ctx.bus.publish(
      makeEvent<IssueEventData>(EventTypes.issues.issueDeleted, { identifier: 'X-1', ...data }),
    );

  it('keeps deleted issues as tombstones: their late events do not count them again', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Tombstones' });
    const [seen, unseen, live] = [randomUUID(), randomUUID(), randomUUID()];
    await publish('created', { id: seen, projectId: p.id, status: 'todo', version: 1 });
    await publish('created', { id: live, projectId: p.id, status: 'done', version: 1 });
    await converges(ada, p.id, countsWith({ todo: 1, done: 1 }));
    // The issues service deleted both (the read model missed the events), one it never saw.
    h.issueStates.states = [
      { id: seen, projectId: p.id, status: 'todo', version: 3, deleted: true },
      { id: unseen, projectId: p.id, status: 'backlog', version: 2, deleted: true },
      { id: live, projectId: p.id, status: 'done', version: 1 },
    ];
    const res = await rebuild(h, p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ issues: 1, _count: countsWith({ done: 1 }) });
    // Events older than the deletions arrive late: neither issue counts again.
    await publish('updated', { id: seen, projectId: p.id, status: 'in_review', version: 2 });
    await publish('created', { id: unseen, projectId: p.id, status: 'backlog', version: 1 });
    const marker = randomUUID();
    await publish('created', { id: marker, projectId: p.id, status: 'cancelled', version: 1 });
    await converges(ada, p.id, countsWith({ done: 1, cancelled: 1 }));
    // A row the truth no longer lists at all stops counting, and stays a tombstone too.
    h.issueStates.states = [{ id: live, projectId: p.id, status: 'done', version: 1 }];
    expect((await rebuild(h, p.id)).json().data).toMatchObject({ removed: 1 });
    await deleted({ id: live, projectId: p.id, status: 'done', version: 2 });
    await publish('updated', { id: marker, projectId: p.id, status: 'cancelled', version: 0 });
    await converges(ada, p.id, countsWith({}));
  });

  it('reads the truth in pages of ISSUE_STATES_PAGE, in id order', async () => {
    const ada = member(h);
    const p = await createProject(h, ada, { name: 'Paged' });
    h.issueStates.states = Array.from({ length: ISSUE_STATES_PAGE + 150 }, (_, n) => ({
      id: randomUUID(),
      projectId: p.id,
      status: n % 2 ? ('todo' as const) : ('done' as const),
      version: 1,
      ...(n % 10 === 0 ? { deleted: true as const } : {}),
    }));
    h.issueStates.pagesRead = [];
    const res = await rebuild(h, p.id);
    expect(res.json().data._count).toEqual(countsWith({ todo: 575, done: 460 }));
    const ids = h.issueStates.states.map((s) => s.id).sort();
    expect(h.issueStates.pagesRead).toEqual([undefined, ids[ISSUE_STATES_PAGE - 1]]);
    expect(await countsOf(ada, p.id)).toEqual(countsWith({ todo: 575, done: 460 }));
  });
});

describe('issue counts audited on a schedule, and after a lost stream position', () => {
  const started: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const s of started.reverse()) await s.close();
  });

  async function start(
    config: ReturnType<typeof ProjectsConfigSchema.parse>,
    fresh: boolean,
    issueStates = new FakeIssueStates(),
  ) {
    const ctx = fresh
      ? await testContext('projects', config)
      : await connectService('projects', config);
    const teams = new FakeTeamDirectory();
    const app = await buildProjectsApp(ctx, { teams, issueStates });
    const h: Harness = {
      ctx,
      app,
      teams,
      issueStates,
      async close() {
        await app.close();
        await ctx.close();
      },
    };
    started.push(h);
    return h;
  }

  it('compares every project with the issues service and rebuilds the drifted ones', async () => {
    const h = await start(ProjectsConfigSchema.parse(testConfig({ COUNTS_AUDIT_MS: '300' })), true);
    const ada = member(h);
    const [drifted, steady] = [
      await createProject(h, ada, { name: 'Drifted' }),
      await createProject(h, ada, { name: 'Steady' }),
    ];
    const { publish, countsOf } = issueEvents(() => h);
    const issue = randomUUID();
    await publish('created', { id: issue, projectId: steady.id, status: 'todo', version: 1 });
    // The truth holds what no event said (they were lost) for one project.
    h.issueStates.states = [
      { id: issue, projectId: steady.id, status: 'todo', version: 1 },
      { id: randomUUID(), projectId: drifted.id, status: 'in_progress', version: 4 },
      { id: randomUUID(), projectId: drifted.id, status: 'done', version: 2 },
    ];
    await until(async () => {
      const [a, b] = [await countsOf(ada, drifted.id), await countsOf(ada, steady.id)];
      return (
        JSON.stringify(a) === JSON.stringify(countsWith({ in_progress: 1, done: 1 })) &&
        JSON.stringify(b) === JSON.stringify(countsWith({ todo: 1 }))
      );
    }, 10_000);
  });

  it('rebuilds every project when events expired before the consumer read them', async () => {
    const config = ProjectsConfigSchema.parse(testConfig({ COUNTS_AUDIT_MS: '0' }));
    const first = await start(config, true);
    const ada = member(first);
    const p = await createProject(first, ada, { name: 'Expired' });
    await first.app.close();
    // While the service is down, issue events arrive and then expire (retention: purged).
    const issues = Array.from({ length: 3 }, () => randomUUID());
    for (const id of issues)
      await issueEvents(() => first).publish('created', {
        id,
        projectId: p.id,
        status: 'todo',
        version: 1,
      });
    const jsm = await first.ctx.bus.nc.jetstreamManager();
    const stream = streamNameFor(first.ctx.bus.prefix, 'issues');
    await jsm.streams.purge(stream);
    expect((await jsm.streams.info(stream)).state.first_seq).toBeGreaterThan(1);

    // Back up: the issues service holds the truth the lost events carried.
    const truth = new FakeIssueStates();
    truth.states = issues.map((id) => ({ id, projectId: p.id, status: 'todo', version: 1 }));
    const second = await start(config, false, truth);
    second.teams.add(ada.teamIds[0]!, ada.id);
    await issueEvents(() => second).converges(ada, p.id, countsWith({ todo: 3 }));
  });
});

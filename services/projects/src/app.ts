import type { FastifyInstance } from 'fastify';
import { createServiceApp, InternalClient, signerToward, defineExportRoute } from '@momentum/http';
import { OutboxRelay } from '@momentum/messaging/outbox';
import { admissionOf } from '@momentum/config';
import { busConnected } from '@momentum/messaging';
import { ensureIndexes, isMongoUp } from '@momentum/storage';
import type { ServiceContext } from '@momentum/runtime';
import type { ProjectsConfig } from './config.js';
import { projectModels } from './store/models.js';
import { ProjectStore } from './store/project-store.js';
import { IssueStateStore } from './store/issue-state-store.js';
import { HttpTeamDirectory, type TeamDirectory } from './clients/team-directory.js';
import { HttpIssueStatesSource, type IssueStatesSource } from './clients/issue-states-source.js';
import { consumeIssueEvents } from './consumers/issue-consumer.js';
import { answerProjectLookups } from './consumers/lookup-responder.js';
import type { ProjectsDeps } from './deps.js';
import { registerProjectRoutes } from './routes/projects.js';
import { registerInternalRoutes } from './routes/internal.js';
import { exportUserData } from './usecases/personal-data.js';
import { PersonalDataStore } from './store/personal-data.js';
import { startErasure } from './consumers/erasure.js';
import { auditAllCounts, scheduleCountsAudit } from './usecases/counts-audit.js';
import { migrateLegacyCounts } from './usecases/legacy-counts.js';

/** What the projects service asks other services over HTTP; tests pass in-memory fakes. */
export interface ProjectsDependencies {
  teams: TeamDirectory;
  issueStates: IssueStatesSource;
}

/** Builds the projects app: projects, their events, the issue-count read model and the lookup. */
export async function buildProjectsApp(
  ctx: ServiceContext<ProjectsConfig>,
  given: Partial<ProjectsDependencies> = {},
): Promise<FastifyInstance> {
  const models = projectModels(ctx.db);
  await ensureIndexes(ctx.db);
  // Publishes the events each project write stores in its `_outbox`; any number of
  // processes may relay the same document (see OutboxRelay).
  const relay = new OutboxRelay(ctx.bus, [models.Project], ctx.log);
  const store = new ProjectStore(models);
  const states = new IssueStateStore(models);

  const clients: InternalClient[] = [];
  const client = (url: string, service: string) => {
    const c = new InternalClient(url, signerToward(ctx.config, 'projects', service));
    clients.push(c);
    return c;
  };
  const teams = given.teams ?? new HttpTeamDirectory(client(ctx.config.IDENTITY_URL, 'identity'));
  const issueStates =
    given.issueStates ?? new HttpIssueStatesSource(client(ctx.config.ISSUES_URL, 'issues'));

  const deps: ProjectsDeps = {
    store,
    states,
    teams,
    source: issueStates,
    outbox: relay,
    log: ctx.log,
    limits: { projectsPerCreator: ctx.config.MAX_PROJECTS_PER_CREATOR },
    personalData: new PersonalDataStore(models),
  };

  relay.start();
  answerProjectLookups(ctx.bus, deps);
  await startErasure(ctx.bus, deps);
  // Issue events lost to the stream's retention: every project is rebuilt from the truth.
  await consumeIssueEvents(ctx.bus, deps, ctx.log, () => auditAllCounts(deps, { rebuild: true }));
  const stopUpgrade = migrateLegacyCounts(ctx.db, deps);
  const stopAudit = ctx.config.COUNTS_AUDIT_MS
    ? scheduleCountsAudit(deps, ctx.config.COUNTS_AUDIT_MS)
    : async () => undefined;

  const app = createServiceApp({
    name: 'projects',
    internalSecret: ctx.config.INTERNAL_SECRET,
    signing: ctx.config,
    sharedNonces: ctx.nonces,
    logLevel: ctx.config.LOG_LEVEL,
    admission: admissionOf(ctx.config),
    ready: () => isMongoUp(ctx.db) && busConnected(ctx.bus),
    metricsPort: ctx.config.METRICS_PORT,
  });
  registerProjectRoutes(app, deps);
  registerInternalRoutes(app, deps);
  // identity's export of a person reads this service's part here.
  defineExportRoute(app, "A person's projects data (NDJSON, streamed)", (userId) =>
    exportUserData(deps, userId),
  );
  app.addHook('onClose', async () => {
    await stopUpgrade();
    await stopAudit();
    await relay.stop();
    await Promise.all(clients.map((c) => c.close()));
  });
  return app;
}

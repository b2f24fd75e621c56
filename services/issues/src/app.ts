import type { FastifyInstance } from 'fastify';
import { createServiceApp, defineExportRoute } from '@momentum/http';
import { admissionOf } from '@momentum/config';
import { OutboxRelay } from '@momentum/messaging/outbox';
import { busConnected } from '@momentum/messaging';
import {
  DocumentLeases,
  dropRetiredIndexes,
  ensureIndexes,
  isMongoUp,
  type LeaseOptions,
} from '@momentum/storage';
import type { ServiceContext } from '@momentum/runtime';
import type { IssuesConfig } from './config.js';
import type { Directory } from './clients/directory.js';
import { HttpDirectory } from './clients/http-directory.js';
import { Outbox } from './events/outbox.js';
import { consumeProjectEvents } from './consumers/project-consumer.js';
import { issuesModels, RETIRED_ACTIVITY_INDEXES } from './store/models.js';
import { IssueStore } from './store/issue-store.js';
import { IssueLists } from './store/issue-lists.js';
import { addMissingRevisions } from './store/revisions.js';
import { SearchRekeying } from './store/search-rekeying.js';
import { liftCountersToIssues } from './store/counter-migration.js';
import { PageStore } from './store/page-store.js';
import { CommentStore } from './store/comment-store.js';
import { ActivityStore } from './store/activity-store.js';
import { BlockerStore } from './store/blocker-store.js';
import { LinkLeases } from './store/link-leases.js';
import { ProjectStore } from './store/project-store.js';
import { AccountCounts } from './store/account-counts.js';
import { Projects } from './clients/projects.js';
import type { IssuesDeps } from './deps.js';
import { recoverActivity, type ActivityRecoveryOptions } from './usecases/activity-recovery.js';
import { registerIssueRoutes } from './routes/issues.js';
import { registerSearchRoutes } from './routes/search.js';
import { registerCommentRoutes } from './routes/comments.js';
import { registerBlockerRoutes } from './routes/blockers.js';
import { registerInternalRoutes } from './routes/internal.js';
import { exportUserData } from './usecases/personal-data.js';
import { PersonalDataStore } from './store/personal-data.js';
import { startErasure } from './consumers/erasure.js';

export interface IssuesAppOptions {
  /** Who is in a team and what people are called; the identity and agents services by default. */
  directory?: Directory;
  /** The graph leases' duration and wait (tests make them short). */
  leases?: LeaseOptions;
  /**
   * The ports as the use cases get them, wrapped: a fault test makes one pause or throw
   * between a use case's steps (a process stalled or dying there).
   */
  ports?: (deps: IssuesDeps) => IssuesDeps;
  /** How often, and after how long, carried activity a crash left is recorded. */
  activityRecovery?: ActivityRecoveryOptions;
}

/** Builds the issues app: issues, comments, activity, blockers and search. */
export async function buildIssuesApp(
  ctx: ServiceContext<IssuesConfig>,
  options: IssuesAppOptions = {},
): Promise<FastifyInstance> {
  const models = issuesModels(ctx.db);
  await ensureIndexes(ctx.db);
  await dropRetiredIndexes(models.Activity.collection, RETIRED_ACTIVITY_INDEXES);
  await addMissingRevisions(models);
  await liftCountersToIssues(models);
  const rekeying = new SearchRekeying(models);
  rekeying.start(ctx.log);

  // Events ride the issue, comment and blocker they belong to; older activity entries may still hold some.
  const relay = new OutboxRelay(
    ctx.bus,
    [models.Issue, models.Comment, models.Blocker, models.Activity],
    ctx.log,
  );
  relay.start();
  const ownDirectory = options.directory ? null : HttpDirectory.fromConfig(ctx.config);
  const projectStore = new ProjectStore(models);
  const issues = new IssueStore(models);
  const built: IssuesDeps = {
    issues,
    lists: new IssueLists(models),
    pages: new PageStore(models),
    comments: new CommentStore(models),
    activity: new ActivityStore(models),
    blockers: new BlockerStore(models),
    links: new LinkLeases(new DocumentLeases(ctx.db, options.leases)),
    projects: new Projects(projectStore, ctx.bus),
    directory: options.directory ?? ownDirectory!,
    outbox: new Outbox(relay, models),
    counts: new AccountCounts(models),
    limits: {
      issues: ctx.config.MAX_ISSUES_PER_CREATOR,
      comments: ctx.config.MAX_COMMENTS_PER_AUTHOR,
    },
    log: ctx.log,
    personalData: new PersonalDataStore(models),
  };
  const deps = options.ports ? options.ports(built) : built;
  await consumeProjectEvents(ctx.bus, deps, ctx.log);
  await startErasure(ctx.bus, deps);

  const app = createServiceApp({
    name: 'issues',
    internalSecret: ctx.config.INTERNAL_SECRET,
    signing: ctx.config,
    sharedNonces: ctx.nonces,
    logLevel: ctx.config.LOG_LEVEL,
    admission: admissionOf(ctx.config),
    ready: () => isMongoUp(ctx.db) && busConnected(ctx.bus),
    metricsPort: ctx.config.METRICS_PORT,
  });
  // Static /search is registered beside /:id; the router prefers the static segment.
  registerSearchRoutes(app, deps);
  registerIssueRoutes(app, deps);
  registerCommentRoutes(app, deps);
  registerBlockerRoutes(app, deps);
  registerInternalRoutes(app, deps);
  // identity's export of a person reads this service's part here.
  defineExportRoute(app, "A person's issues data (NDJSON, streamed)", (userId) =>
    exportUserData(deps, userId),
  );
  const stopActivityRecovery = recoverActivity(deps, options.activityRecovery);
  app.addHook('onClose', async () => {
    stopActivityRecovery();
    await rekeying.stop();
    await deps.activity.drain();
    await relay.stop();
    await ownDirectory?.close();
  });
  return app;
}

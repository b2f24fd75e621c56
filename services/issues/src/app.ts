import type { FastifyInstance } from 'fastify';
import {
  createServiceApp,
  ensureIndexes,
  isMongoUp,
  serializedOutbox,
  type ServiceContext,
  admissionOf,
} from '@momentum/service-kit';
import type { IssuesConfig } from './config.js';
import type { Directory } from './directory/directory.js';
import { HttpDirectory } from './directory/http-directory.js';
import { Outbox } from './events/outbox.js';
import { consumeProjectEvents } from './events/project-consumer.js';
import { issuesModels } from './store/models.js';
import { IssueStore } from './store/issue-store.js';
import { CommentStore } from './store/comment-store.js';
import { ActivityStore } from './store/activity-store.js';
import { TimelineStore } from './store/timeline-store.js';
import { BlockerStore } from './store/blocker-store.js';
import { ProjectStore } from './store/project-store.js';
import { Projects } from './usecases/projects.js';
import type { IssuesCore } from './usecases/core.js';
import { registerIssueRoutes } from './routes/issues.js';
import { registerSearchRoutes } from './routes/search.js';
import { registerCommentRoutes } from './routes/comments.js';
import { registerBlockerRoutes } from './routes/blockers.js';
import { registerInternalRoutes } from './routes/internal.js';

export interface IssuesAppOptions {
  /** Who is in a team and what people are called; the identity and agents services by default. */
  directory?: Directory;
}

/** Builds the issues app: issues, comments, activity, blockers and search. */
export async function buildIssuesApp(
  ctx: ServiceContext<IssuesConfig>,
  options: IssuesAppOptions = {},
): Promise<FastifyInstance> {
  const models = issuesModels(ctx.db);
  await ensureIndexes(ctx.db);

  // One writer at a time per document, shared by the relay and the issue updates.
  const { relay, serializer } = serializedOutbox(ctx, [models.Issue, models.Activity]);
  relay.start();
  const ownDirectory = options.directory ? null : HttpDirectory.fromConfig(ctx.config);
  const projectStore = new ProjectStore(models);
  const issues = new IssueStore(models, serializer);
  await issues.backfillFeed();
  const timelines = new TimelineStore(models, serializer);
  const core: IssuesCore = {
    issues,
    timelines,
    comments: new CommentStore(models, timelines),
    activity: new ActivityStore(models, timelines),
    blockers: new BlockerStore(models),
    projects: new Projects(projectStore, ctx.bus),
    directory: options.directory ?? ownDirectory!,
    outbox: new Outbox(relay, models),
    log: ctx.log,
  };
  await consumeProjectEvents(ctx.bus, projectStore, ctx.log);

  const app = createServiceApp({
    name: 'issues',
    internalSecret: ctx.config.INTERNAL_SECRET,
    logLevel: ctx.config.LOG_LEVEL,
    admission: admissionOf(ctx.config),
    ready: () => isMongoUp(ctx.db),
  });
  // Static /search is registered beside /:id; the router prefers the static segment.
  registerSearchRoutes(app, core);
  registerIssueRoutes(app, core);
  registerCommentRoutes(app, core);
  registerBlockerRoutes(app, core);
  registerInternalRoutes(app, issues);
  app.addHook('onClose', async () => {
    await relay.stop();
    await ownDirectory?.close();
  });
  return app;
}

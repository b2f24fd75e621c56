import type { FastifyInstance } from 'fastify';
import {
  createServiceApp,
  ensureIndexes,
  InternalClient,
  isMongoUp,
  serializedOutbox,
  type ServiceContext,
  admissionOf,
} from '@momentum/service-kit';
import type { ProjectsConfig } from './config.js';
import { projectModels } from './store/models.js';
import { ProjectStore } from './store/project-store.js';
import { IssueStateStore } from './store/issue-state-store.js';
import { HttpTeamDirectory, type TeamDirectory } from './deps/team-directory.js';
import { HttpIssueStatesSource, type IssueStatesSource } from './deps/issue-states-source.js';
import { consumeIssueEvents } from './events/issue-consumer.js';
import { answerProjectLookups } from './events/lookup-responder.js';
import { registerProjectRoutes } from './routes/projects.js';
import { registerInternalRoutes } from './routes/internal.js';

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
  // One queue per document for every writer in this process (see KeyedSerializer in service-kit).
  const { relay, serializer } = serializedOutbox(ctx, [models.Project]);
  const store = new ProjectStore(models, serializer);
  const states = new IssueStateStore(models, serializer);

  const clients: InternalClient[] = [];
  const client = (url: string) => {
    const c = new InternalClient(url, ctx.config.INTERNAL_SECRET);
    clients.push(c);
    return c;
  };
  const teams = given.teams ?? new HttpTeamDirectory(client(ctx.config.IDENTITY_URL));
  const issueStates = given.issueStates ?? new HttpIssueStatesSource(client(ctx.config.ISSUES_URL));

  relay.start();
  answerProjectLookups(ctx.bus, store);
  await consumeIssueEvents(ctx.bus, states, ctx.log);

  const app = createServiceApp({
    name: 'projects',
    internalSecret: ctx.config.INTERNAL_SECRET,
    logLevel: ctx.config.LOG_LEVEL,
    admission: admissionOf(ctx.config),
    ready: () => isMongoUp(ctx.db),
  });
  registerProjectRoutes(app, { store, teams, relay }, states);
  registerInternalRoutes(app, store, states, issueStates);
  app.addHook('onClose', async () => {
    await relay.stop();
    await Promise.all(clients.map((c) => c.close()));
  });
  return app;
}

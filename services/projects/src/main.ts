import { startTracing } from '@momentum/telemetry';
import { exitOnStartupError, serve } from '@momentum/http';
import { loadConfig } from '@momentum/config';
import { connectService } from '@momentum/runtime';
import { ProjectsConfigSchema } from './config.js';
import { buildProjectsApp } from './app.js';

try {
  startTracing('projects');
} catch (err) {
  exitOnStartupError('projects')(err);
}
const config = loadConfig(ProjectsConfigSchema);
const ctx = await connectService('projects', config).catch(exitOnStartupError('projects'));
const app = await buildProjectsApp(ctx).catch(exitOnStartupError('projects'));
await serve(app, { port: config.PORT, host: config.HOST, closers: [() => ctx.close()] }).catch(
  exitOnStartupError('projects'),
);

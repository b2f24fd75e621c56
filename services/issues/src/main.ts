import { startTracing } from '@momentum/service-kit/telemetry';
import { exitOnStartupError, loadConfig, serve } from '@momentum/service-kit';
import { connectService } from '@momentum/service-kit/storage';
import { IssuesConfigSchema } from './config.js';
import { buildIssuesApp } from './app.js';

try {
  startTracing('issues');
} catch (err) {
  exitOnStartupError('issues')(err);
}
const config = loadConfig(IssuesConfigSchema);
const ctx = await connectService('issues', config).catch(exitOnStartupError('issues'));
const app = await buildIssuesApp(ctx).catch(exitOnStartupError('issues'));
await serve(app, { port: config.PORT, host: config.HOST, closers: [() => ctx.close()] }).catch(
  exitOnStartupError('issues'),
);

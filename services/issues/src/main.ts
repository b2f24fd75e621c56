import { startTracing } from '@momentum/telemetry';
import { exitOnStartupError, serve } from '@momentum/http';
import { loadConfig } from '@momentum/config';
import { connectService } from '@momentum/runtime';
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

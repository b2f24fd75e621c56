import { startTracing } from '@momentum/telemetry';
import { exitOnStartupError, serve } from '@momentum/http';
import { loadConfig } from '@momentum/config';
import { connectService } from '@momentum/runtime';
import { AgentsConfigSchema } from './config.js';
import { buildAgentsApp } from './app.js';

try {
  startTracing('agents');
} catch (err) {
  exitOnStartupError('agents')(err);
}
const config = loadConfig(AgentsConfigSchema);
const ctx = await connectService('agents', config).catch(exitOnStartupError('agents'));
const app = await buildAgentsApp(ctx).catch(exitOnStartupError('agents'));
await serve(app, { port: config.PORT, host: config.HOST, closers: [() => ctx.close()] }).catch(
  exitOnStartupError('agents'),
);

import { startTracing } from '@momentum/service-kit/telemetry';
import { exitOnStartupError, loadConfig, serve } from '@momentum/service-kit';
import { connectService } from '@momentum/service-kit/storage';
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

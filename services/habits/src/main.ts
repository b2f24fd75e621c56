import { startTracing } from '@momentum/service-kit/telemetry';
import { exitOnStartupError, loadConfig, serve } from '@momentum/service-kit';
import { connectService } from '@momentum/service-kit/storage';
import { HabitsConfigSchema } from './config.js';
import { buildHabitsApp } from './app.js';

try {
  startTracing('habits');
} catch (err) {
  exitOnStartupError('habits')(err);
}
const config = loadConfig(HabitsConfigSchema);
const ctx = await connectService('habits', config).catch(exitOnStartupError('habits'));
const app = await buildHabitsApp(ctx).catch(exitOnStartupError('habits'));
await serve(app, { port: config.PORT, host: config.HOST, closers: [() => ctx.close()] }).catch(
  exitOnStartupError('habits'),
);

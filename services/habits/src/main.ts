import { startTracing } from '@momentum/telemetry';
import { exitOnStartupError, serve } from '@momentum/http';
import { loadConfig } from '@momentum/config';
import { connectService } from '@momentum/runtime';
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

import { startTracing } from '@momentum/telemetry';
import { exitOnStartupError, serve } from '@momentum/http';
import { loadConfig } from '@momentum/config';
import { connectService } from '@momentum/runtime';
import { IdentityConfigSchema } from './config.js';
import { buildIdentityApp } from './app.js';

try {
  startTracing('identity');
} catch (err) {
  exitOnStartupError('identity')(err);
}
const config = loadConfig(IdentityConfigSchema);
const ctx = await connectService('identity', config).catch(exitOnStartupError('identity'));
const app = await buildIdentityApp(ctx).catch(exitOnStartupError('identity'));
await serve(app, { port: config.PORT, host: config.HOST, closers: [() => ctx.close()] }).catch(
  exitOnStartupError('identity'),
);

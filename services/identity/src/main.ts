import { startTracing } from '@momentum/service-kit/telemetry';
import { exitOnStartupError, loadConfig, serve } from '@momentum/service-kit';
import { connectService } from '@momentum/service-kit/storage';
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

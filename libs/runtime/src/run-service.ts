import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { loadConfig, type BaseConfig } from '@momentum/config';
import { exitOnStartupError, serve, serveMetrics } from '@momentum/http';
import { startTracing } from '@momentum/telemetry';
import { connectService, type ServiceContext, type ServiceProcess } from './service-context.js';

/**
 * A service's whole `main.ts`: tracing first, then its config from the environment, its
 * database and bus, its app, and `serve()` until SIGTERM. A failure at any step prints one
 * line and exits 1.
 */
export async function runService<S extends z.ZodType<BaseConfig>>(
  name: ServiceProcess,
  configSchema: S,
  buildApp: (ctx: ServiceContext<z.output<S>>) => Promise<FastifyInstance>,
): Promise<void> {
  try {
    startTracing(name);
    const config: z.output<S> = loadConfig(configSchema);
    const ctx = await connectService(name, config);
    const app = await buildApp(ctx);
    const closers = [() => ctx.close()];
    if (config.METRICS_PORT > 0) {
      // Its /metrics apart from the API (the app was built with metricsPort, so not there).
      // A port taken (another process of it on this host): serve the API anyway, as the gateway.
      const metrics = await serveMetrics(config.METRICS_PORT, config.HOST, app.log).catch(
        (err: Error) => {
          app.log.warn({ err: err.message, port: config.METRICS_PORT }, 'metrics port unavailable');
          return undefined;
        },
      );
      if (metrics)
        closers.push(() => new Promise<void>((resolve) => metrics.close(() => resolve())));
    }
    await serve(app, { port: config.PORT, host: config.HOST, closers });
  } catch (err) {
    exitOnStartupError(name)(err);
  }
}

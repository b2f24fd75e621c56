import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { loadConfig, type BaseConfig } from '@momentum/config';
import { exitOnStartupError, serve } from '@momentum/http';
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
    await serve(app, { port: config.PORT, host: config.HOST, closers: [() => ctx.close()] });
  } catch (err) {
    exitOnStartupError(name)(err);
  }
}

import type { FastifyInstance } from 'fastify';
import { shutdownTracing } from '@momentum/telemetry';

/**
 * Listen, then on SIGTERM or SIGINT: stop accepting, let accepted requests finish
 * (Fastify's close waits for them), run the closers (outbox, NATS drain, database),
 * flush the spans still to export, and exit.
 */
export async function serve(
  app: FastifyInstance,
  options: { port: number; host: string; closers: Array<() => Promise<void>> },
): Promise<void> {
  let closing = false;
  // A keep-alive connection whose request is in flight at the signal turns idle once it
  // is answered, and nothing closed it then: app.close() waited for the client's
  // keep-alive timeout (72 s) and the force exit below ended the process with 1 instead
  // (test/faults/graceful-shutdown.test.ts). Answers sent while closing therefore close
  // their connection, which also tells the client not to send another request on it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      for (const close of options.closers)
        await close().catch((err) => app.log.warn({ err }, 'closer failed'));
      // Last: the spans of the shutdown itself are flushed too.
      await shutdownTracing();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  collectGarbageOnSignal();
  await app.listen({ port: options.port, host: options.host });
}

/**
 * Started with `--expose-gc` (only the benchmark does), SIGUSR2 runs a full garbage
 * collection: the benchmark reads memory after one, so what it compares is what is still
 * held — a leak — not where each process happened to be in its collection cycle.
 */
function collectGarbageOnSignal(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) process.on('SIGUSR2', () => gc());
}

/** Print a startup failure plainly and exit non-zero. */
export function exitOnStartupError(name: string) {
  return (err: unknown) => {
    process.stderr.write(
      `${name} failed to start: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    process.exit(1);
  };
}

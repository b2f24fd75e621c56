import type { FastifyInstance } from 'fastify';
import closeWithGrace from 'close-with-grace';
import { shutdownTracing } from '@momentum/telemetry';

/**
 * Listen, then on SIGTERM, SIGINT (or another terminating signal, or an uncaught error):
 * stop accepting, let accepted requests finish (Fastify's close waits for them), run the
 * closers (outbox, NATS drain, database), flush the spans still to export, and exit — 0,
 * or 1 after an error or when all that took over 15 s (close-with-grace).
 */
export async function serve(
  app: FastifyInstance,
  options: { port: number; host: string; closers: Array<() => Promise<void>> },
): Promise<void> {
  let closing = false;
  // A keep-alive connection whose request is in flight at the signal turns idle once it
  // is answered, and nothing closed it then: app.close() waited for the client's
  // keep-alive timeout (72 s) and the 15 s limit below ended the process with 1 instead
  // (test/faults/graceful-shutdown.test.ts). Answers sent while closing therefore close
  // their connection, which also tells the client not to send another request on it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // SIGUSR2 asks for a garbage collection (below), never a shutdown.
  closeWithGrace({ delay: 15_000, logger: app.log, skip: ['SIGUSR2'] }, async ({ signal, err }) => {
    closing = true;
    if (err) app.log.error({ err }, 'shutting down after an uncaught error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    for (const close of options.closers)
      await close().catch((error: unknown) => app.log.warn({ err: error }, 'closer failed'));
    // Last: the spans of the shutdown itself are flushed too.
    await shutdownTracing();
  });
  collectGarbageOnSignal();
  await app.listen({ port: options.port, host: options.host });
}

/**
 * Started with `--expose-gc` (only the benchmark does), SIGUSR2 runs a full garbage
 * collection: the benchmark reads memory after one, so what it compares is what is still
 * held — a leak — not where each process happened to be in its collection cycle. The
 * last-resort flavour also gives back the pages the heap no longer uses: on Node 24 a plain
 * `gc()` keeps them (a heap that had grown to 338 MiB still held 324 after it, 60 after this),
 * and they go back only when V8's memory reducer gets round to it, minutes later.
 */
function collectGarbageOnSignal(): void {
  const gc = (globalThis as { gc?: (options?: GcOptions) => void }).gc;
  if (gc)
    process.on('SIGUSR2', () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
}

/** V8's options for the `gc()` that `--expose-gc` adds. */
interface GcOptions {
  type: 'major' | 'minor';
  execution: 'sync' | 'async';
  flavor: 'regular' | 'last-resort';
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

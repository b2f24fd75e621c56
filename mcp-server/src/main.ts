import { startTracing } from '@momentum/telemetry/tracing';
import { loadConfig } from './config.js';
import { createLogger, levelFrom } from './log.js';
import { runStdio } from './stdio.js';
import { startHttp } from './http.js';
import { flushTraces } from './tracing.js';

/**
 * `mcp-server` speaks stdio by default; `--http` serves Streamable HTTP on MCP_PORT.
 * Tracing starts first (service.name `momentum-mcp-server`), exporting over OTLP only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set. Nothing of it writes to stdout, which carries the
 * protocol in stdio mode: the SDK's diagnostic logger is left unset (a no-op).
 */
const log = createLogger(levelFrom(process.env.LOG_LEVEL));
try {
  startTracing('mcp-server');
  const config = loadConfig();
  if (process.argv.includes('--http')) {
    const server = await startHttp(config, log);
    const stop = () => {
      log.info('shutting down');
      server.close(() => void flushTraces().then(() => process.exit(0)));
      server.closeAllConnections();
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } else {
    await runStdio(config, log);
  }
} catch (err) {
  log.error(`mcp-server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

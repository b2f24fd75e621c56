import { loadConfig } from './config.js';
import { createLogger, levelFrom } from './log.js';
import { runStdio } from './stdio.js';
import { startHttp } from './http.js';

/** `mcp-server` speaks stdio by default; `--http` serves Streamable HTTP on MCP_PORT. */
const log = createLogger(levelFrom(process.env.LOG_LEVEL));
try {
  const config = loadConfig();
  if (process.argv.includes('--http')) {
    const server = await startHttp(config, log);
    const stop = () => {
      log.info('shutting down');
      server.close(() => process.exit(0));
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

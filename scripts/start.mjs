// `npm start`: everything a newcomer needs, then the whole stack in the foreground.
// Installs dependencies and builds on first use, starts the engines if none answer,
// restarts a process that crashes (with backoff, a log line each time), and stops
// everything on Ctrl-C only.
import { log } from './lib/util.mjs';
import { ensureDependencies, internalSecret, adminKey, webhooksSecretKey } from './lib/setup.mjs';

ensureDependencies();
const { build } = await import('./build.mjs');
const { ensureMongo, ensureNats, stopEngine } = await import('./lib/engines.mjs');
const { startStack } = await import('./lib/stack.mjs');
const { supervise } = await import('./lib/supervise.mjs');
const { componentNodeVersion } = await import('./lib/runtime.mjs');

await build();
const mongo = await ensureMongo();
const nats = await ensureNats();
const admin = adminKey();
// REPLICAS=N: N processes of every service and N gateways (3000, 4000, …), one engine, one NATS.
const replicas = Number(process.env.REPLICAS ?? 1);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 9) {
  log(`REPLICAS must be a whole number from 1 to 9 (got ${process.env.REPLICAS})`);
  process.exit(1);
}
const stack = await startStack({
  replicas,
  mongoUrl: mongo.url,
  natsUrl: nats.url,
  secret: internalSecret(),
  adminKey: admin.value,
  webhooksKey: webhooksSecretKey(),
  basePort: Number(process.env.PORT ?? 3000),
  logLevel: process.env.LOG_LEVEL ?? 'info',
  // A web app in development (any port on this machine) may call the API; CORS_ORIGINS
  // overrides it. Deployed gateways allow no origin unless configured.
  gatewayEnv: { CORS_ORIGINS: process.env.CORS_ORIGINS ?? 'http://localhost:*,http://127.0.0.1:*' },
});

if (replicas > 1)
  log(`${replicas} replicas of every service; gateways at ${stack.gatewayUrls.join(', ')}`);
log(
  `Momentum is running at ${stack.gatewayUrl}  (docs: ${stack.gatewayUrl}/docs, MCP: ${stack.gatewayUrl}/mcp and ${stack.mcpUrl}/mcp)`,
);
log(`the components run on Node ${componentNodeVersion()}, as the images do`);
log(admin.file ? `admin API key: in ${admin.file}` : 'admin API key: the ADMIN_API_KEY you set');
log(
  `try: curl -H "Authorization: Bearer $(cat ${admin.file ?? '<your key file>'})" ${stack.gatewayUrl}/api/me`,
);
log('Ctrl-C stops everything; a process that crashes is restarted');

// A crashed service, gateway or MCP server comes back on its own; the rest carry on.
const supervisor = supervise(stack, { log });
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  supervisor.stop();
  await stack.stop();
  await Promise.all([stopEngine(mongo.child), stopEngine(nats.child)]);
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

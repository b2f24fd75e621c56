// The processes of the stack, their entry points and default ports, in start order.
export const SERVICES = [
  { name: 'identity', entry: 'services/identity/src/main.ts', port: 3001 },
  { name: 'habits', entry: 'services/habits/src/main.ts', port: 3002 },
  { name: 'projects', entry: 'services/projects/src/main.ts', port: 3003 },
  { name: 'issues', entry: 'services/issues/src/main.ts', port: 3004 },
  { name: 'agents', entry: 'services/agents/src/main.ts', port: 3005 },
  { name: 'webhooks', entry: 'services/webhooks/src/main.ts', port: 3006 },
  { name: 'notifications', entry: 'services/notifications/src/main.ts', port: 3007 },
];
export const GATEWAY = { name: 'gateway', entry: 'gateway/src/main.ts', port: 3000 };
export const MCP_SERVER = { name: 'mcp-server', entry: 'mcp-server/src/main.ts', port: 3100 };
export const COMPONENTS = [...SERVICES, GATEWAY, MCP_SERVER];

// Who calls whom over HTTP (InternalClient, and the gateway's forwarding): each pair gets its
// own signing key (signingKeys, libs/http/src/signing-keys.ts). The MCP server
// calls only the gateway, with an API key: it holds no signing key.
export const CALLS = {
  gateway: SERVICES.map((s) => s.name),
  identity: ['habits', 'projects', 'issues', 'agents', 'webhooks', 'notifications'],
  projects: ['identity', 'issues'],
  issues: ['identity', 'agents'],
  agents: ['identity'],
  webhooks: ['identity'],
  notifications: ['identity', 'agents'],
};

/**
 * Fresh per-service signing keys: for each process, SIGNING_KEYS (its key toward each service
 * it calls) and TRUSTED_SIGNING_KEYS (the keys its callers use toward it). `randomKey` makes
 * one key.
 */
export function signingEnv(randomKey) {
  const env = {};
  const add = (name, variable, entry) => {
    env[name] ??= {};
    env[name][variable] = env[name][variable] ? `${env[name][variable]},${entry}` : entry;
  };
  for (const [caller, targets] of Object.entries(CALLS)) {
    for (const target of targets) {
      const key = randomKey();
      add(caller, 'SIGNING_KEYS', `${target}=${key}`);
      add(target, 'TRUSTED_SIGNING_KEYS', `${caller}=${key}`);
    }
  }
  return env;
}

// DIST_DIR (relative to the repository, or absolute) lets parallel end-to-end runs (each on
// its own E2E_BASE_PORT) keep their own bundles.
export const DIST_DIR = process.env.DIST_DIR ?? 'dist';
/** A component's bundle, in DIST_DIR unless a caller keeps its own (`distDir`). */
export const bundlePath = (component, distDir = DIST_DIR) => `${distDir}/${component.name}.mjs`;

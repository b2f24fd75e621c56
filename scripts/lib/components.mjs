// The processes of the stack, their entry points and default ports, in start order.
export const SERVICES = [
  { name: 'identity', entry: 'services/identity/src/main.ts', port: 3001 },
  { name: 'habits', entry: 'services/habits/src/main.ts', port: 3002 },
  { name: 'projects', entry: 'services/projects/src/main.ts', port: 3003 },
  { name: 'issues', entry: 'services/issues/src/main.ts', port: 3004 },
  { name: 'agents', entry: 'services/agents/src/main.ts', port: 3005 },
  { name: 'webhooks', entry: 'services/webhooks/src/main.ts', port: 3006 },
];
export const GATEWAY = { name: 'gateway', entry: 'gateway/src/main.ts', port: 3000 };
export const MCP_SERVER = { name: 'mcp-server', entry: 'mcp-server/src/main.ts', port: 3100 };
export const COMPONENTS = [...SERVICES, GATEWAY, MCP_SERVER];

// DIST_DIR lets parallel end-to-end runs (each on its own E2E_BASE_PORT) keep their own bundles.
export const DIST_DIR = process.env.DIST_DIR ?? 'dist';
export const bundlePath = (component) => `${DIST_DIR}/${component.name}.mjs`;

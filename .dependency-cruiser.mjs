/**
 * The import rules every package follows (CONTRIBUTING.md, "Layout"). `npm run lint` runs them,
 * so a change that breaks the layering fails there rather than drifting in.
 */
const service = '^services/([^/]+)/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle means neither file can be read, tested or moved without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'entry-to-store',
      comment: 'Routes and consumers are transports: they call use cases, never a store.',
      severity: 'error',
      from: { path: `${service}(routes|consumers)/` },
      to: { path: `${service}store/`, pathNot: `${service}store/models\\.ts$` },
    },
    {
      name: 'entry-to-models',
      comment: 'A reply mapper may name a stored document by its type, and use nothing else of it.',
      severity: 'error',
      from: { path: `${service}(routes|consumers)/` },
      to: { path: `${service}store/models\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-to-io',
      comment: 'Domain rules are pure: no store, no other service, no database or bus.',
      severity: 'error',
      from: { path: `${service}domain/` },
      to: {
        path: [
          `${service}(store|clients|routes|consumers|usecases)/`,
          '^libs/(storage|messaging|runtime)/',
          '(^|/)node_modules/(mongoose|mongodb|nats)/',
        ],
      },
    },
    {
      name: 'service-to-service',
      comment:
        "Services talk over HTTP and events (src/clients/), never through each other's code.",
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'lib-to-app',
      comment: 'Libraries are shared by the services and the gateway, so they import neither.',
      severity: 'error',
      from: { path: '^libs/[^/]+/src/' },
      to: { path: '^(services|gateway|mcp-server)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

/**
 * The import rules every package follows (CONTRIBUTING.md, "Layout"). `npm run lint:imports`
 * runs them (and `.ci/run`), so a change that breaks the layering fails there rather than
 * drifting in.
 *
 * Symlinks are kept as they are (`preserveSymlinks`): `@momentum/x` resolves to
 * `node_modules/@momentum/x/…`, so an import of another workspace package is classified by
 * the importing package's own package.json, like any npm package (`not-to-dev-dep` sees a
 * service that uses a package it lists only for its tests). The libraries are cruised as
 * roots of their own, so every file is still read.
 */
import { readdirSync } from 'node:fs';

const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const oneOf = (names) => `(${names.join('|')})`;
/** A workspace package, by its folder name, however it is reached (path or package name). */
const pkg = (names) => `^(libs/|services/|node_modules/@momentum/)${oneOf(names)}/`;

const SERVICES = folders('./services');

/**
 * The libraries in tiers: a library imports only libraries of lower tiers (never one of its
 * own tier), so each tier can be read, tested and changed knowing only those below it.
 * Derived from what the code imports today; a new library gets its tier here.
 */
const LIBRARY_TIERS = [
  // Foundations: they import no library.
  ['config', 'contracts', 'telemetry', 'client', 'replicas'],
  // The platform, each piece on the foundations alone: HTTP, the database, the bus, API keys.
  ['http', 'storage', 'messaging', 'keys'],
  // Assemblies of the platform: a service process; the MCP tools over the typed client.
  ['runtime', 'mcp-tools'],
  // Test support, over everything a service is made of; only tests import it.
  ['testing'],
];
const LIBRARIES = LIBRARY_TIERS.flat();

const libraryTierRules = LIBRARY_TIERS.map((tier, level) => ({
  name: `library-tier-${level}`,
  comment: `${tier.join(', ')} import only libraries of lower tiers (${
    LIBRARY_TIERS.slice(0, level).flat().join(', ') || 'none'
  }).`,
  severity: 'error',
  from: { path: `^libs/${oneOf(tier)}/src/` },
  to: {
    path: pkg(LIBRARY_TIERS.slice(level).flat()),
    pathNot: '^(libs|node_modules/@momentum)/$1/',
  },
}));

/**
 * The folders of a service's `src/`, in layers from the entry points down: a file imports
 * its own layer or lower ones, never a higher one. `deps.ts` sits with the use cases: it is
 * the type they take their ports from, and may name a port a use case defines.
 */
const SERVICE_LAYERS = [
  ['main\\.ts', 'openapi\\.ts', 'rebuild-counts\\.ts'], // processes and the document
  ['app\\.ts'], // the composition root
  ['routes/', 'consumers/'], // transports
  ['usecases/', 'delivery/', 'deps\\.ts'], // what the service does (delivery: webhooks' worker)
  ['events/', 'clients/'], // the envelopes it publishes; the other services it calls
  ['store/'], // its database
  ['domain/', 'config\\.ts'], // pure rules; its configuration schema
];
const service = '^services/([^/]+)/src/';
const at = (items) => `${service}${oneOf(items)}`;
const PLACED = at(SERVICE_LAYERS.flat());

const serviceLayerRules = SERVICE_LAYERS.slice(1).map((layer, i) => ({
  name: `service-layer-${layer[0].replace(/[\\/.]|ts$/g, '')}`,
  comment: `${layer.join(', ')} import nothing of the layers above them.`,
  severity: 'error',
  from: { path: at(layer) },
  to: { path: at(SERVICE_LAYERS.slice(0, i + 1).flat()) },
}));

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

    // --- Inside a service ---------------------------------------------------------------
    ...serviceLayerRules,
    {
      name: 'service-file-unplaced',
      comment: `Every file of a service's src/ is in one of the layers (${SERVICE_LAYERS.flat().join(' ')}).`,
      severity: 'error',
      from: { path: service, pathNot: PLACED },
      to: {},
    },
    {
      name: 'to-unplaced-service-file',
      comment: "Every file of a service's src/ is in one of the layers, imported ones too.",
      severity: 'error',
      from: {},
      to: { path: service, pathNot: PLACED },
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
      name: 'entry-to-clients',
      comment: 'Routes and consumers never call another service: a use case does, through deps.',
      severity: 'error',
      from: { path: `${service}(routes|consumers)/` },
      to: { path: `${service}clients/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-to-io',
      comment: 'Domain rules are pure: no store, no other service, no database or bus.',
      severity: 'error',
      from: { path: `${service}domain/` },
      to: {
        path: [
          `${service}(store|clients|events|routes|consumers|usecases|delivery)/`,
          pkg(['storage', 'messaging', 'runtime']),
          '^node_modules/(mongoose|mongodb|nats|fastify|undici)/',
        ],
      },
    },
    {
      name: 'service-to-service',
      comment:
        "Services talk over HTTP and events (src/clients/), never through each other's code.",
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: pkg(SERVICES), pathNot: '^(services|node_modules/@momentum)/$1/' },
    },

    // --- Between packages ---------------------------------------------------------------
    ...libraryTierRules,
    {
      name: 'library-unplaced',
      comment: 'Every library has a tier (LIBRARY_TIERS above).',
      severity: 'error',
      from: { path: '^libs/([^/]+)/src/', pathNot: `^libs/${oneOf(LIBRARIES)}/` },
      to: {},
    },
    {
      name: 'lib-to-app',
      comment: 'Libraries are shared by the services and the gateway, so they import neither.',
      severity: 'error',
      from: { path: '^libs/[^/]+/src/' },
      to: { path: [pkg([...SERVICES, 'gateway', 'mcp-server']), '^(gateway|mcp-server)/'] },
    },
    {
      name: 'gateway-to-storage',
      comment:
        'The gateway holds no database: no storage library, no service runtime (it connects one), no outbox (it reads models), no mongoose or driver.',
      severity: 'error',
      from: { path: '^gateway/src/' },
      to: {
        path: [
          pkg(['storage', 'runtime']),
          '^(libs|node_modules/@momentum)/messaging/src/outbox',
          '^node_modules/(mongoose|mongodb)/',
        ],
      },
    },

    // --- package.json says what each package uses -----------------------------------------
    {
      name: 'not-to-dev-dep',
      comment:
        "Code that ships uses only its package's dependencies: a devDependency is for its tests and tools.",
      severity: 'error',
      from: { path: '^(libs|services|gateway|mcp-server)/' },
      to: { dependencyTypes: ['npm-dev'], pathNot: '^node_modules/@types/' },
    },
    {
      name: 'not-to-undeclared',
      comment:
        "A package that is in no package.json on the way up (or only in the root's) is missing from the importing package's dependencies.",
      severity: 'error',
      from: { path: '^(libs|services|gateway|mcp-server)/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown', 'unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    preserveSymlinks: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

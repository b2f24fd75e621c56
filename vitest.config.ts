import { defineConfig } from 'vitest/config';

/**
 * Six layers: unit (pure, no I/O), engine (the local engine's build against FerretDB as
 * released), service (one Fastify app via `inject` on a real MongoDB-compatible engine and
 * real NATS), e2e (every process over HTTP), faults (every process, with services and engines
 * killed and restarted) and replicas (two of every process).
 */
const UNIT = [
  '{libs,services,gateway,mcp-server}/**/test/unit/**/*.test.ts',
  'test/unit/**/*.test.ts',
];

/**
 * The unit and e2e files share one process per run (singleFork, isolate: false): fastify,
 * mongoose, zod and the services are imported once instead of once per file, which halved
 * the unit layer's CPU (118 → 52 s, A/B). No file mocks modules or sets process.env; setup
 * files still run per file. Unit files that read
 * what a process starts once (the tracing SDK, the metrics registry) or set the file's
 * timeouts (vi.setConfig) keep a process each.
 */
const UNIT_OWN_PROCESS = [
  'libs/telemetry/test/unit/otlp-export.test.ts',
  'libs/telemetry/test/unit/id-only-tracing.test.ts',
  'libs/http/test/unit/telemetry.test.ts',
  'mcp-server/test/unit/tracing.test.ts',
  'mcp-server/test/unit/metrics-port.test.ts',
  'gateway/test/unit/forged-key-floods.test.ts',
  'test/unit/openapi/document.test.ts',
];

/** The replica files that stop, kill or stall processes, each on a stack of its own. */
const REPLICAS_OWN_STACK = ['test/replicas/replicas.test.ts', 'test/replicas/stall.test.ts'];

export default defineConfig({
  test: {
    projects: [
      // `--project 'unit*'` runs both.
      {
        test: {
          name: 'unit',
          // Negated in include: a project's own exclude would drop the one given on the
          // command line (scripts/task.mjs's layer:unit leaves out the packages' files).
          include: [...UNIT, ...UNIT_OWN_PROCESS.map((file) => `!${file}`)],
          poolOptions: { forks: { singleFork: true, isolate: false } },
        },
      },
      { test: { name: 'unit-own-process', include: UNIT_OWN_PROCESS } },
      {
        // The patched FerretDB against FerretDB as released, each started privately.
        test: {
          name: 'engine',
          include: ['test/engine/**/*.test.ts'],
          globalSetup: ['test/engine/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'service',
          include: ['{libs,services,gateway,mcp-server}/**/test/service/**/*.test.ts'],
          // A process per file: shared, the files' NATS consumers, timers and buckets met
          // across files (two fresh-clone runs, two different timing failures: a webhooks
          // delivery not made in time, a KV bucket whose subjects overlapped another's).
          globalSetup: ['test/setup/engines.ts'],
          // Each query the stores send checked against the declared indexes.
          setupFiles: ['test/setup/query-shapes.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: [
            'test/e2e/**/*.test.ts',
            '{services,gateway,mcp-server}/**/test/e2e/**/*.test.ts',
          ],
          globalSetup: ['test/setup/stack.ts'],
          // One process for the files, as unit and service (118 → 96 CPU s, A/B).
          poolOptions: { forks: { singleFork: true, isolate: false } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Kill, restart and stop real processes (services, NATS, the database engine) of one
        // private stack, one scenario after another (test/faults/faults.test.ts).
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          globalSetup: ['test/faults/setup.ts'],
          env: { DIST_DIR: '.cache/dist-faults' },
          // One file at a time (fileParallelism is not a project option).
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Two gateways and two processes of every service (`REPLICAS=2`), on the shared
        // engines: shared gateway state and reading one's writes through either gateway.
        // One stack of a dozen processes for these files (test/replicas/shared-setup.ts):
        // they only send requests. `--project 'replicas*'` runs both projects.
        test: {
          name: 'replicas',
          include: ['test/replicas/**/*.test.ts', ...REPLICAS_OWN_STACK.map((file) => `!${file}`)],
          globalSetup: ['test/replicas/shared-setup.ts'],
          env: { DIST_DIR: '.cache/dist-replicas-shared' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Concurrency through both gateways and replicas killed or stalled mid-burst: a stack
        // of its own per file.
        test: {
          name: 'replicas-own-stack',
          include: REPLICAS_OWN_STACK,
          globalSetup: ['test/replicas/setup.ts'],
          env: { DIST_DIR: '.cache/dist-replicas' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

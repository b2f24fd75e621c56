import { defineConfig } from 'vitest/config';

/**
 * Three layers: unit (pure, no I/O), service (one Fastify app via `inject` on a real
 * MongoDB-compatible engine and real NATS), e2e (every process over HTTP).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{libs,services,gateway,mcp-server}/**/test/unit/**/*.test.ts', 'test/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'service',
          include: ['{libs,services,gateway,mcp-server}/**/test/service/**/*.test.ts'],
          globalSetup: ['test/setup/engines.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', '{services,gateway,mcp-server}/**/test/e2e/**/*.test.ts'],
          globalSetup: ['test/setup/stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

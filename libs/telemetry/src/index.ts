// Telemetry: OpenTelemetry tracing (started first in each main.ts) and the Prometheus metrics
// every process records. No database driver here: the engine's spans and durations are
// recorded by `@momentum/service-kit/storage` (connectMongo).
export * from './tracing.js';
export * from './http.js';
export * from './metrics.js';
export * from './messages.js';

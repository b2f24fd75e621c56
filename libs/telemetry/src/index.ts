// Telemetry: OpenTelemetry tracing (started first in each main.ts), the Prometheus metrics
// every process records, and the log options. No database driver here: the engine's spans and
// durations are recorded by `@momentum/storage` (connectMongo).
export * from './tracing.js';
export * from './http.js';
export * from './metrics.js';
export * from './messages.js';
export * from './logs.js';

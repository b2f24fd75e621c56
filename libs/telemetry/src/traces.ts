// Tracing alone (`@momentum/telemetry/tracing`): the SDK's start-up and the HTTP server span,
// without the Prometheus metrics, which `@momentum/telemetry` defines on import. For a process
// that keeps a registry of its own (the MCP server, whose `http_request_duration_seconds` has
// other labels).
export * from './tracing.js';
export * from './http.js';

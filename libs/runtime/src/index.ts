// What a service process is made of: its context (config, database, bus, logger), and
// runService, which is each service's main.ts.
export * from './service-context.js';
export * from './run-service.js';

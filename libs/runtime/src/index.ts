// What a service process is made of: its context (config, database, bus, logger).
export * from './service-context.js';

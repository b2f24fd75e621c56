// Storage: the service's database connection, its context, and store helpers.
export * from './mongo.js';
export * from './documents.js';
export * from './service-context.js';
export * from './revision.js';
export * from './lease.js';

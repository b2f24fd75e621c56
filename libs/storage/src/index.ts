// Storage: the database connection and its monitoring, revision writes, leases, store helpers.
export * from './mongo.js';
export * from './documents.js';
export * from './revision.js';
export * from './lease.js';
export * from './pending-entries.js';

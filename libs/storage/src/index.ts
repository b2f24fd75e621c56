// Storage: the database connection and its monitoring, revision writes, leases, store helpers,
// time-ordered ids.
export * from './mongo.js';
export * from './documents.js';
export * from './revision.js';
export * from './lease.js';
export * from './ids.js';

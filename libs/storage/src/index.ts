// Storage: the database connection and its monitoring, revision writes, leases, list pages
// after a cursor, store helpers.
export * from './mongo.js';
export * from './documents.js';
export * from './revision.js';
export * from './lease.js';
export * from './pending-entries.js';
export * from './list-pages.js';

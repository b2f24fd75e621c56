// API keys: their `svc_…` format, new keys, their secrets' bcrypt hashes (checked and made on
// worker threads), and when a key's use is recorded.
export * from './api-keys.js';
export * from './hash-pool.js';
export * from './last-used.js';

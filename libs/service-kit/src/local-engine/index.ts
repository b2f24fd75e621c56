// What only the local engine (FerretDB over SQLite) needs; off on MongoDB (useLocalFeeds).
export * from './feed.js';
export * from './feed-backfill.js';
export * from './feed-errors.js';
export * from './feed-page.js';
export { LOCAL_FEEDS_COLLECTION } from './feed-row-ids.js';
export * from './feed-snapshots.js';
export * from './use-local-feeds.js';

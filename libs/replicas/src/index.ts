// The replicas of one service as one undici dispatcher: round robin, a refusing replica
// skipped for a while, a read retried on the next; for calls between services and the
// gateway's proxy alike.
export * from './upstream-pool.js';

// Events: the JetStream bus and the outbox relay that publishes what a write stored.
export * from './bus.js';
export * from './outbox.js';
export * from './peers.js';
export * from './nats-options.js';
export * from './outbox-limit.js';

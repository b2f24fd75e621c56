// Messaging: new events, the JetStream bus, peers, NATS options, the outbox's limit and the
// services' shared nonces. The outbox relay,
// which reads the services' mongoose models, is `@momentum/messaging/outbox`, so a process
// with no database (the gateway) never loads its driver's types.
export * from './events.js';
export * from './bus.js';
export * from './peers.js';
export * from './nats-options.js';
export * from './outbox-limit.js';
export * from './erasure.js';
export * from './shared-nonces.js';

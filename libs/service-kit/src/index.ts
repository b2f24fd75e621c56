// The parts every process shares and that need no database driver: HTTP, events, config.
// Storage (`@momentum/service-kit/storage`) is imported by name, so the gateway never loads
// mongoose.
export * from './config.js';
export * from './http/index.js';
export * from './events/index.js';

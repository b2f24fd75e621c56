// The parts every process shares and that need no database driver: HTTP, events, config.
// Storage (`@momentum/service-kit/storage`) and the local-engine helper
// (`@momentum/service-kit/local-engine`) are imported by name, so the gateway never loads mongoose.
export * from './config.js';
export * from './http/index.js';
export * from './events/index.js';

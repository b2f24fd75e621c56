// HTTP: the Fastify app every service shares, routes, errors, the signed actor header,
// calls between services, API keys, process lifecycle.
export * from './app.js';
export * from './actor-header.js';
export * from './signing-keys.js';
export * from './admission.js';
export * from './api-keys.js';
export * from './key-use.js';
export * from './key-record-route.js';
export * from './closing-guard.js';
export * from './error-handler.js';
export * from './internal-client.js';
export * from './json-parser.js';
export * from './lifecycle.js';
export * from './metrics.js';
export * from './replicas.js';
export * from './openapi.js';
export * from './openapi-tidy.js';
export * from './route-responses.js';
export * from './request-id.js';
export * from './route.js';
export * from './route-definitions.js';
export * from './route-config.js';
export * from './route-methods.js';
export * from './security-headers.js';
export * from './server.js';
export * from './signed-actor.js';
export * from './validation.js';

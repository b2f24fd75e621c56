// HTTP: the Fastify app every service shares, routes, errors, the signed actor header,
// calls between services, process lifecycle.
export * from './app.js';
export * from './actor-header.js';
export * from './signing-keys.js';
export * from './admission.js';
export * from './internal-routes.js';
export * from './closing-guard.js';
export * from './error-handler.js';
export * from './internal-client.js';
export * from './ndjson.js';
export * from './json-parser.js';
export * from './lifecycle.js';
export * from './metrics.js';
export * from './openapi.js';
export * from './openapi-tidy.js';
export * from './request-id.js';
export * from './route.js';
export * from './caller-policy.js';
export * from './security-headers.js';
export * from './server.js';
export * from './signed-actor.js';
export * from './nonce-set.js';
export * from './membership-change.js';
export * from './validation.js';
export * from './ssrf-guard.js';

// What scripts/openapi needs of the gateway to build its public document with nothing
// running: the merge, and the services it forwards to (their order is the document's).
export { gatewayDocument } from './document.js';
export { upstreamUrls, type GatewayConfig } from '../config.js';

// Shared with the gateway's client metadata fetches (libs/http/src/ssrf-guard.ts).
export { systemResolve, type ResolvedAddress, type Resolve } from '@momentum/http';

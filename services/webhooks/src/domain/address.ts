// Shared with the gateway's client metadata fetches (libs/http/src/ssrf-guard.ts).
export { isPublicAddress } from '@momentum/http';

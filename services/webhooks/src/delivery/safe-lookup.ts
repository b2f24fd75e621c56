// Shared with the gateway's client metadata fetches (libs/http/src/ssrf-guard.ts).
export {
  ADDRESS_NOT_ALLOWED,
  FORBIDDEN_ADDRESS,
  ForbiddenAddressError,
  safeLookup,
} from '@momentum/http';

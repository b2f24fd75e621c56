// One rule for user and agent keys alike (@momentum/http); re-exported where agents used it.
export { LAST_USED_RESOLUTION_MS, needsLastUsedTouch } from '@momentum/http';

// One rule for user and agent keys alike (@momentum/keys); re-exported where agents used it.
export { LAST_USED_RESOLUTION_MS, needsLastUsedTouch } from '@momentum/keys';

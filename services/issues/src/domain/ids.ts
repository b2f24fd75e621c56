import { createHash } from 'node:crypto';

/**
 * The id of the relation "issue is blocked by blocker": a name-based UUID (version 5
 * layout over SHA-1) of the pair, so the pair is unique by `_id` alone — an insert of a
 * pair stored already is refused, with no second unique index — and the id is still a
 * UUID (docs/interface.md §2.6).
 */
export function blockerId(issueId: string, blockedById: string): string {
  const hash = createHash('sha1').update(`momentum.blocker:${issueId}:${blockedById}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

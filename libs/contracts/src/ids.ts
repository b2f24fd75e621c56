import { randomBytes } from 'node:crypto';

let lastMs = -1;
let counter = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter that rises
 * within one millisecond (method 1), then random bits. Ids made by this process sort in
 * the order they were made, so "newest first" and "oldest first" can break ties on `_id`
 * alone — the one field left to sort on after a `$group` that only counts — and a set of
 * ids can be cut by age with a string comparison (the habits profile's applied list).
 */
export function uuidv7(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = randomBytes(1)[0]! & 0x7f;
  } else {
    counter++;
    if (counter > 0xfff) {
      // Out of counter space in this millisecond: borrow the next one.
      lastMs++;
      counter = 0;
    }
  }
  const bytes = randomBytes(16);
  const ms = BigInt(lastMs);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUIDV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Whether `id` is a version 7 UUID as uuidv7 writes them (lower case): ordered by time. */
export const isUuidv7 = (id: string): boolean => UUIDV7.test(id);

import { randomFillSync } from 'node:crypto';

let lastMs = -1;
let counter = 0;

/**
 * Random bytes drawn ahead, 16 per id: one `randomFillSync` per 256 ids instead of two
 * `randomBytes` calls per id, since every write that announces an event makes one.
 */
const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let poolNext = pool.length;

function randomSixteen(): Buffer {
  if (poolNext === pool.length) {
    randomFillSync(pool);
    poolNext = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolNext, poolNext + 16));
  poolNext += 16;
  return bytes;
}

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter that rises
 * within one millisecond (method 1), then random bits. Ids made by this process sort in
 * the order they were made, so "newest first" and "oldest first" can break ties on `_id`
 * alone — the one field left to sort on after a `$group` that only counts — and a set of
 * ids can be cut by age with a string comparison (the habits profile's applied list).
 */
export function uuidv7(now = Date.now()): string {
  const bytes = randomSixteen();
  if (now > lastMs) {
    lastMs = now;
    // The counter starts at random below half its range, so it rarely runs out.
    counter = bytes[7]! & 0x7f;
  } else {
    counter++;
    if (counter > 0xfff) {
      // Out of counter space in this millisecond: borrow the next one.
      lastMs++;
      counter = 0;
    }
  }
  // 48 bits of milliseconds, written as two numbers (no BigInt: a double holds them exactly).
  const high = Math.floor(lastMs / 0x10000);
  bytes.writeUInt32BE(high >>> 0, 0);
  bytes.writeUInt16BE(lastMs % 0x10000, 4);
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUIDV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Whether `id` is a version 7 UUID as uuidv7 writes them (lower case): ordered by time. */
export const isUuidv7 = (id: string): boolean => UUIDV7.test(id);

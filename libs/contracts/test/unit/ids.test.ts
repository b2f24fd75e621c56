import { describe, expect, it } from 'vitest';
import { isUuidv7, uuidv7 } from '../../src/ids.js';

describe('time-ordered ids', () => {
  it('are RFC 9562 version 7 UUIDs', () => {
    expect(uuidv7()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(isUuidv7(uuidv7())).toBe(true);
    expect(isUuidv7('2b1e6e4c-3c1f-4d6a-9a57-0f1b7d1c2e3f')).toBe(false);
    expect(isUuidv7('c1')).toBe(false);
  });
  it('sort in the order they were made, also within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('carry their time in the leading 48 bits', () => {
    const at = Date.now();
    const id = uuidv7(at);
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    // The process's last millisecond when that is later (ids made this millisecond).
    expect(ms).toBeGreaterThanOrEqual(at);
    expect(ms).toBeLessThan(at + 1000);
  });
});

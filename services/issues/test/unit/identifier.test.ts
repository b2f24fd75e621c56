import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatIdentifier, parseIdentifier } from '../../src/domain/identifier.js';
import { uuidv7 } from '../../src/domain/ids.js';

describe('issue identifiers', () => {
  it('joins the project key and the number', () => {
    expect(formatIdentifier('ENG', 1)).toBe('ENG-1');
    expect(formatIdentifier('PE2', 42)).toBe('PE2-42');
  });
  it('refuses numbers that are not positive integers', () => {
    for (const n of [0, -1, 1.5, Number.NaN])
      expect(() => formatIdentifier('ENG', n)).toThrow(RangeError);
  });
  it('parses what it formats, case-insensitively', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z][A-Z0-9]{1,9}$/),
        fc.integer({ min: 1, max: 999_999_999 }),
        (key, n) => {
          expect(parseIdentifier(formatIdentifier(key, n))).toEqual({ key, number: n });
          expect(parseIdentifier(formatIdentifier(key, n).toLowerCase())).toEqual({
            key,
            number: n,
          });
        },
      ),
    );
    expect(parseIdentifier('ENG-0')).toBeNull();
    expect(parseIdentifier('ENG 1')).toBeNull();
    expect(parseIdentifier('-1')).toBeNull();
  });
});

describe('time-ordered ids', () => {
  it('are RFC 9562 version 7 UUIDs', () => {
    expect(uuidv7()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
  it('sort in the order they were made, also within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

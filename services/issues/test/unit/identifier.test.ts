import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatIdentifier, parseIdentifier } from '../../src/domain/identifier.js';

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

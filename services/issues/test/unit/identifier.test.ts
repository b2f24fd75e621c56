import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isIssueIdentifier } from '@momentum/contracts';
import {
  canonicalIdentifier,
  formatIdentifier,
  parseIdentifier,
} from '../../src/domain/identifier.js';

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

  it('a path names a stored identifier in any case: the contract accepts it, and it reads back as stored', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z][A-Z0-9]{1,9}$/),
        fc.integer({ min: 1, max: 999_999_999 }),
        (key, n) => {
          const stored = formatIdentifier(key, n);
          for (const written of [stored, stored.toLowerCase(), `${key}-0${n}`]) {
            expect(isIssueIdentifier(written), written).toBe(true);
            expect(canonicalIdentifier(written), written).toBe(stored);
          }
        },
      ),
    );
    for (const text of [
      'ENG-0',
      'E-1',
      'ENG',
      '1-ENG',
      'ENG-1-2',
      'ENG_1',
      'ÉNG-1',
      'ABCDEFGHIJK-1',
    ])
      expect(isIssueIdentifier(text), text).toBe(false);
    expect(isIssueIdentifier('0b6a5c1e-4f7d-4c55-9a3e-2f1d8c7b6a50')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROJECT_KEY_PATTERN } from '@momentum/contracts';
import { deriveProjectKey, keyCandidate } from '../../src/domain/project-key.js';

describe('deriveProjectKey', () => {
  it.each([
    ['Engineering', 'ENG'],
    ['Mobile App Launch', 'MAL'],
    ['platform-api', 'PA'],
    ['Équipe Été', 'EE'],
    ['Q3 roadmap', 'QR'],
    ['2024 Planning', 'PX'],
    ['A', 'AX'],
    ['日本語', 'PRJ'],
    ['!!!', 'PRJ'],
    ['one two three four five six seven', 'OTTFF'],
  ])('%s → %s', (name, key) => {
    expect(deriveProjectKey(name)).toBe(key);
  });

  it('always yields a valid short key', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        const key = deriveProjectKey(name);
        expect(key).toMatch(PROJECT_KEY_PATTERN);
        expect(key.length).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe('keyCandidate', () => {
  it('numbers the alternatives and stays within 10 characters', () => {
    expect(keyCandidate('ENG', 0)).toBe('ENG');
    expect(keyCandidate('ENG', 1)).toBe('ENG2');
    expect(keyCandidate('ENG', 9)).toBe('ENG10');
    expect(keyCandidate('ABCDEFGHIJ', 1)).toBe('ABCDEFGHI2');
    expect(keyCandidate('ABCDEFGHIJ', 99)).toBe('ABCDEFG100');
  });

  it('gives distinct valid keys for distinct attempts', () => {
    const keys = Array.from({ length: 100 }, (_, n) => keyCandidate('MAL', n));
    expect(new Set(keys).size).toBe(100);
    for (const k of keys) expect(k).toMatch(PROJECT_KEY_PATTERN);
  });
});

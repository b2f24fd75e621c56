import { describe, expect, it } from 'vitest';
import { alternativeKey, deriveTeamKey, TEAM_KEY_PATTERN } from '../../src/domain/team-key.js';

describe('team keys', () => {
  it('uses initials of several words and the start of one word', () => {
    expect(deriveTeamKey('Platform Engineering')).toBe('PE');
    expect(deriveTeamKey('Engineering')).toBe('ENG');
    expect(deriveTeamKey('  mobile   app  team ')).toBe('MAT');
  });
  it('always yields a valid key, whatever the name', () => {
    for (const name of ['🚀', '42', 'x', 'Équipe Été', '中文']) {
      expect(deriveTeamKey(name), name).toMatch(TEAM_KEY_PATTERN);
    }
  });
  it('numbers alternatives within 10 characters', () => {
    expect(alternativeKey('ENG', 0)).toBe('ENG');
    expect(alternativeKey('ENG', 1)).toBe('ENG2');
    expect(alternativeKey('ABCDEFGHIJ', 11)).toBe('ABCDEFGH12');
  });
});

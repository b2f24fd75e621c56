import { describe, expect, it } from 'vitest';
import {
  normalizeWords,
  PREFIX_MAX,
  queryKeys,
  rankOf,
  searchKeysOf,
} from '../../src/domain/search-terms.js';

describe('search normalization', () => {
  it('lower-cases, strips accents and splits on anything but letters and digits', () => {
    expect(normalizeWords('Crème Brûlée: ÜBER-fast v2!')).toEqual([
      'creme',
      'brulee',
      'uber',
      'fast',
      'v2',
    ]);
  });
  it('treats regex characters as separators, never as patterns', () => {
    expect(normalizeWords('a.*b (c|d) [e] ^f$')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(queryKeys('.*')).toEqual([]);
  });
  it('keeps whole words and their prefixes as keys', () => {
    const keys = searchKeysOf('Login bug', 'Login fails');
    expect(keys).toEqual(
      expect.arrayContaining([
        'w:login',
        'w:bug',
        'w:fails',
        'p:l',
        'p:lo',
        'p:login',
        'p:f',
        'p:fails',
      ]),
    );
    expect(keys.filter((k) => k === 'w:login')).toHaveLength(1);
  });
  it('caps prefixes at PREFIX_MAX characters', () => {
    const long = 'a'.repeat(30);
    const keys = searchKeysOf(long, '');
    expect(keys).toContain(`p:${'a'.repeat(PREFIX_MAX)}`);
    expect(keys).not.toContain(`p:${'a'.repeat(PREFIX_MAX + 1)}`);
    expect(queryKeys(long)).toEqual([`p:${'a'.repeat(PREFIX_MAX)}`]);
  });
});

describe('search queries', () => {
  it('matches whole words, and the last word as a prefix', () => {
    expect(queryKeys('login Fai')).toEqual(['w:login', 'p:fai']);
    expect(queryKeys('Café')).toEqual(['p:cafe']);
  });
  it('counts a repeated word once', () => {
    expect(queryKeys('bug bug crash')).toEqual(['w:bug', 'p:crash']);
  });
  it('ranks by the number of query words an issue holds', () => {
    const keys = queryKeys('login page cra');
    const both = searchKeysOf('Login page crash', '');
    const one = searchKeysOf('Login', 'nothing else');
    const none = searchKeysOf('Billing', 'invoice');
    expect(rankOf(both, keys)).toBe(3);
    expect(rankOf(one, keys)).toBe(1);
    expect(rankOf(none, keys)).toBe(0);
  });
  it('finds accented text with unaccented queries and the other way round', () => {
    const keys = searchKeysOf('Résumé export', 'Ärger mit Umlauten');
    expect(rankOf(keys, queryKeys('resume'))).toBe(1);
    expect(rankOf(keys, queryKeys('ÄRGER mit umlaut'))).toBe(3);
    expect(rankOf(searchKeysOf('resume', ''), queryKeys('RÉSUMÉ'))).toBe(1);
  });
});

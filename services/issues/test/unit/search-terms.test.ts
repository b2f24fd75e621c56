import { describe, expect, it } from 'vitest';
import {
  normalizeWords,
  PREFIX_MAX,
  PREFIX_MIN,
  prefixKey,
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
        'p:log',
        'p:logi',
        'p:login',
        'p:fai',
        'p:fails',
      ]),
    );
    expect(keys.filter((k) => k === 'w:login')).toHaveLength(1);
  });
  it('keeps prefixes from PREFIX_MIN characters: none of one or two letters', () => {
    const keys = searchKeysOf('Login bug', 'ui of it');
    expect(keys.sort()).toEqual(
      ['w:login', 'p:log', 'p:logi', 'p:login', 'w:bug', 'p:bug', 'w:ui', 'w:of', 'w:it'].sort(),
    );
    expect(PREFIX_MIN).toBe(3);
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
  it('matches a last word shorter than PREFIX_MIN as a whole word', () => {
    expect(queryKeys('ui')).toEqual(['w:ui']);
    expect(queryKeys('login p')).toEqual(['w:login', 'w:p']);
    expect(rankOf(searchKeysOf('Fix the UI', ''), queryKeys('ui'))).toBe(1);
    expect(rankOf(searchKeysOf('uikit upgrade', ''), queryKeys('ui'))).toBe(0);
    expect(queryKeys('uik')).toEqual(['p:uik']);
  });
  it('finds issues keyed before PREFIX_MIN (every prefix) by the same queries', () => {
    // How issues were keyed until prefixes started at PREFIX_MIN: a superset of the keys.
    const everyPrefix = (title: string, description: string) => {
      const keys = new Set(searchKeysOf(title, description));
      for (const word of normalizeWords(`${title} ${description}`))
        for (let n = 1; n <= Math.min(word.length, PREFIX_MAX); n++)
          keys.add(prefixKey(word.slice(0, n)));
      return [...keys];
    };
    const texts: [string, string][] = [
      ['Login page crash', 'on Safari, the UI freezes'],
      ['Résumé export', 'Ärger mit Umlauten'],
      ['a b', 'xy'],
    ];
    const queries = ['lo', 'log', 'login pa', 'ui', 'ui fr', 'safari ui', 'resu', 'a', 'xy', 'b'];
    for (const [title, description] of texts) {
      const old = everyPrefix(title, description);
      const now = searchKeysOf(title, description);
      expect(old.length).toBeGreaterThan(now.length);
      for (const q of queries)
        expect(rankOf(old, queryKeys(q)), `${title} / ${q}`).toBe(rankOf(now, queryKeys(q)));
    }
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

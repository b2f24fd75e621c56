import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slugCandidate, slugify } from '../../src/domain/slug.js';

describe('slugify', () => {
  it.each([
    ['Q3 Launch — Web!', 'q3-launch-web'],
    ['  Mobile   App  ', 'mobile-app'],
    ['Café Crème', 'cafe-creme'],
    ['日本語', 'project'],
    ['---', 'project'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('is lowercase words joined by single dashes, at most 60 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const slug = slugify(name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(60);
      }),
    );
  });
});

describe('slugCandidate', () => {
  it('appends -2, -3… within the length limit', () => {
    expect(slugCandidate('launch', 0)).toBe('launch');
    expect(slugCandidate('launch', 1)).toBe('launch-2');
    expect(slugCandidate('a'.repeat(60), 1)).toBe(`${'a'.repeat(58)}-2`);
    expect(slugCandidate(`${'a'.repeat(57)}-bc`, 1)).toBe(`${'a'.repeat(57)}-2`);
  });
});

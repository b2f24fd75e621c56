import { describe, expect, it } from 'vitest';
import { CreateProjectBody, HEX_COLOR_PATTERN, isIcon } from '@momentum/contracts';

describe('isIcon', () => {
  it.each(['🚀', '★', '✓', '❤️', '👨‍👩‍👧', '🇺🇸', '🏳️‍🌈', '1️⃣', '→', '©'])('accepts %s', (icon) => {
    expect(isIcon(icon)).toBe(true);
  });
  it.each(['', 'A', '9', '#', '🚀🚀', ' 🚀', 'rocket', 'x'.repeat(40)])('refuses %j', (icon) => {
    expect(isIcon(icon)).toBe(false);
  });
});

describe('colour', () => {
  it('is #rrggbb', () => {
    for (const ok of ['#000000', '#a1b2c3', '#FFAA00'])
      expect(HEX_COLOR_PATTERN.test(ok)).toBe(true);
    for (const bad of ['#fff', '000000', '#gggggg', '#0000000', 'red', '#12345'])
      expect(HEX_COLOR_PATTERN.test(bad)).toBe(false);
  });

  it('is stored lowercase', () => {
    const body = CreateProjectBody.parse({
      teamId: '00000000-0000-4000-8000-000000000000',
      name: 'x',
      color: '#FFAA00',
    });
    expect(body.color).toBe('#ffaa00');
  });
});

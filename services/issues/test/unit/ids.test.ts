import { describe, expect, it } from 'vitest';
import { uuidv7 } from '@momentum/contracts';
import { blockerId } from '../../src/domain/ids.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('blocker relation ids', () => {
  const a = uuidv7();
  const b = uuidv7();

  it('are version-5-shaped UUIDs, the same for the same pair', () => {
    expect(blockerId(a, b)).toMatch(UUID);
    expect(blockerId(a, b)[14]).toBe('5');
    expect(blockerId(a, b)).toBe(blockerId(a, b));
  });

  it('tell the direction of the relation apart', () => {
    expect(blockerId(a, b)).not.toBe(blockerId(b, a));
  });
});

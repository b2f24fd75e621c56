import { describe, expect, it } from 'vitest';
import { admissionOf, BaseConfigSchema, loadConfig } from '../../src/config.js';

const env = { PORT: '0', INTERNAL_SECRET: 'x'.repeat(32) };

describe('admission configuration', () => {
  it('defaults to 64 at once and 2000 waiting; MAX_IN_FLIGHT=0 turns it off', () => {
    const config = loadConfig(BaseConfigSchema, env);
    expect(admissionOf(config)).toEqual({ maxInFlight: 64, maxQueued: 2000 });
    const off = loadConfig(BaseConfigSchema, { ...env, MAX_IN_FLIGHT: '0' });
    expect(admissionOf(off)).toBeUndefined();
    const set = loadConfig(BaseConfigSchema, { ...env, MAX_IN_FLIGHT: '16', MAX_QUEUED: '0' });
    expect(admissionOf(set)).toEqual({ maxInFlight: 16, maxQueued: 0 });
  });

  it('refuses values that are not whole numbers in range, naming the variable', () => {
    for (const [name, value] of [
      ['MAX_IN_FLIGHT', '-1'],
      ['MAX_IN_FLIGHT', 'many'],
      ['MAX_IN_FLIGHT', '2.5'],
      ['MAX_QUEUED', '-5'],
    ] as const)
      expect(() => loadConfig(BaseConfigSchema, { ...env, [name]: value })).toThrow(
        new RegExp(`Invalid configuration:\\n  ${name}:`),
      );
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '@momentum/config';
import { IdentityConfigSchema } from '../../services/identity/src/config.js';
import { AgentsConfigSchema } from '../../services/agents/src/config.js';

const env = { INTERNAL_SECRET: 'x'.repeat(32) };

/** The services that hash API keys: identity (user keys) and agents (agent keys). */
describe.each([
  ['identity', IdentityConfigSchema],
  ['agents', AgentsConfigSchema],
] as const)("%s's API_KEY_HASH_COST", (_, schema) => {
  it('is 10 unless set (production), takes 4, and refuses 3 and 16 at startup', () => {
    expect(loadConfig(schema, env).API_KEY_HASH_COST).toBe(10);
    expect(loadConfig(schema, { ...env, API_KEY_HASH_COST: '4' }).API_KEY_HASH_COST).toBe(4);
    for (const value of ['3', '16'])
      expect(() => loadConfig(schema, { ...env, API_KEY_HASH_COST: value })).toThrow(
        /API_KEY_HASH_COST/,
      );
  });
});

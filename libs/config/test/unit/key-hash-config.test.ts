import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KEY_HASH_COST, KeyHashConfig, loadConfig } from '../../src/config.js';

const schema = z.object(KeyHashConfig);

describe('API_KEY_HASH_COST', () => {
  it("is bcrypt's cost 10 unless set: production's", () => {
    expect(KEY_HASH_COST.production).toBe(10);
    expect(loadConfig(schema, {}).API_KEY_HASH_COST).toBe(10);
  });

  it('takes 4 to 15 and refuses anything else at startup, naming the variable', () => {
    expect(loadConfig(schema, { API_KEY_HASH_COST: '4' }).API_KEY_HASH_COST).toBe(4);
    expect(loadConfig(schema, { API_KEY_HASH_COST: '15' }).API_KEY_HASH_COST).toBe(15);
    for (const value of ['3', '16', '0', '10.5', 'ten'])
      expect(() => loadConfig(schema, { API_KEY_HASH_COST: value })).toThrow(
        /Invalid configuration:\n {2}API_KEY_HASH_COST:/,
      );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness.js';
import { agentApi } from '../support/agent-api.js';
import { shapeB } from '../support/expect.js';

describe('agents per user are limited (MAX_AGENTS_PER_USER)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ MAX_AGENTS_PER_USER: '2' });
  });
  afterAll(() => h?.close());

  it('409 in shape B naming the limit past it; deleting one makes room; others are unaffected', async () => {
    const { create } = agentApi(h);
    const owner = h.user();
    const first = await create(owner, { name: 'one' });
    expect((await create(owner, { name: 'two' })).statusCode).toBe(201);
    const over = await create(owner, { name: 'three' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual(shapeB(409));
    expect(over.json().message).toMatch(/limit of 2/);
    expect((await create(h.user(), { name: 'elsewhere' })).statusCode).toBe(201);

    const gone = await h.as(owner, {
      method: 'DELETE',
      url: `/api/agents/${first.json().data.id}`,
    });
    expect(gone.statusCode).toBe(204);
    expect((await create(owner, { name: 'three' })).statusCode).toBe(201);
  });
});

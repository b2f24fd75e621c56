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

describe('keys per agent per hour are limited (MAX_KEY_MINTS_PER_AGENT_PER_HOUR)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ MAX_KEY_MINTS_PER_AGENT_PER_HOUR: '3' });
  });
  afterAll(() => h?.close());

  it('429 in shape B with Retry-After past it, first key and rotations alike; per agent', async () => {
    const { newAgent, mint, regen } = agentApi(h);
    const owner = h.user();
    const agent = await newAgent(owner);
    expect((await mint(owner, agent.id)).statusCode).toBe(201);
    expect((await regen(owner, agent.id)).statusCode).toBe(200);
    expect((await regen(owner, agent.id)).statusCode).toBe(200);
    const over = await regen(owner, agent.id);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(shapeB(429));
    expect(over.json().message).toMatch(/at most 3 an hour/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
    // The refused rotation changed nothing: the third key still works, another agent is free.
    const other = await newAgent(owner);
    expect((await mint(owner, other.id)).statusCode).toBe(201);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AGENT_CONFIG_LIMITS, AgentConfig, agentConfigProblem } from '@momentum/contracts';

const nest = (depth: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 1; i < depth; i++) value = { n: value };
  return value;
};

describe('agent config bounds', () => {
  it('accepts ordinary JSON objects, including empty ones', () => {
    expect(agentConfigProblem({})).toBeNull();
    expect(
      agentConfigProblem({
        model: 'small',
        temperature: 0.2,
        tools: ['search', { name: 'x', args: [1, null, true] }],
      }),
    ).toBeNull();
  });

  it(`allows ${AGENT_CONFIG_LIMITS.maxDepth} levels of nesting and refuses one more, naming where`, () => {
    expect(agentConfigProblem(nest(AGENT_CONFIG_LIMITS.maxDepth))).toBeNull();
    const problem = agentConfigProblem(nest(AGENT_CONFIG_LIMITS.maxDepth + 1));
    expect(problem?.message).toMatch(/nest/);
    expect(problem?.path).toEqual(Array(AGENT_CONFIG_LIMITS.maxDepth).fill('n'));
  });

  it('counts arrays as levels too', () => {
    let value: unknown = 1;
    for (let i = 0; i < AGENT_CONFIG_LIMITS.maxDepth + 1; i++) value = [value];
    expect(agentConfigProblem({ a: value })).not.toBeNull();
  });

  it('stays cheap and stack-safe on hostile depth', () => {
    expect(agentConfigProblem(nest(100_000))?.message).toMatch(/nest/);
  });

  it('refuses keys MongoDB would read as operators or paths, wherever they are', () => {
    expect(agentConfigProblem({ $where: 1 })?.path).toEqual([]);
    expect(agentConfigProblem({ a: { 'b.c': 1 } })?.path).toEqual(['a']);
    expect(agentConfigProblem({ list: [{ $gt: 1 }] })?.path).toEqual(['list', 0]);
    expect(agentConfigProblem({ '': 1 })?.message).toMatch(/empty/);
    expect(
      agentConfigProblem({ ['k'.repeat(AGENT_CONFIG_LIMITS.maxKeyLength + 1)]: 1 })?.message,
    ).toMatch(/keys/);
    expect(agentConfigProblem({ a$: 1, 'price-$': 2 })).toBeNull();
  });

  it(`refuses more than ${AGENT_CONFIG_LIMITS.maxBytes} bytes of JSON, counted in UTF-8`, () => {
    const room = AGENT_CONFIG_LIMITS.maxBytes - JSON.stringify({ s: '' }).length;
    expect(agentConfigProblem({ s: 'x'.repeat(room) })).toBeNull();
    expect(agentConfigProblem({ s: 'x'.repeat(room + 1) })?.message).toMatch(/bytes/);
    expect(agentConfigProblem({ s: 'é'.repeat(Math.ceil(room / 2) + 1) })?.message).toMatch(
      /bytes/,
    );
  });

  it('the schema refuses non-objects and reports the path of a problem', () => {
    for (const bad of [[], null, 'x', 1, true])
      expect(AgentConfig.safeParse(bad).success).toBe(false);
    const result = AgentConfig.safeParse({ a: { $set: 1 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['a']);
  });

  it('accepts every small, safe JSON object (property)', () => {
    const safeKey = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter(
        (k) => !k.startsWith('$') && !k.includes('.') && !k.includes('\0') && k !== '__proto__',
      );
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null)),
      node: fc.oneof(
        { depthSize: 'small', maxDepth: 4 },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(safeKey, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(
        fc.dictionary(safeKey, value, { maxKeys: 5 }),
        (config) => agentConfigProblem(config) === null,
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { KeyedBatches, type BatchOutcome } from '../../src/local-engine/keyed-batches.js';

/** Batches that record each call of `execute`, wait for `gate`, and answer each op by its rule. */
function recording(gate: () => Promise<void> = () => new Promise((r) => setTimeout(r, 5))) {
  const calls: { key: string; ops: string[] }[] = [];
  const batches = new KeyedBatches<string, string>(async (key, ops) => {
    calls.push({ key, ops });
    await gate();
    return ops.map((op): BatchOutcome<string> =>
      op.startsWith('bad') ? { error: new Error(op) } : { value: `${key}:${op}` },
    );
  });
  return { batches, calls };
}

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedBatches', () => {
  it('does the operations submitted together in one call, answering each', async () => {
    const { batches, calls } = recording();
    const settled = await Promise.allSettled(
      ['a', 'bad1', 'b'].map((op) => batches.submit('k', op)),
    );
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)))).toEqual([
      'k:a',
      'Error: bad1',
      'k:b',
    ]);
    expect(calls).toEqual([{ key: 'k', ops: ['a', 'bad1', 'b'] }]);
  });

  it('operations submitted while a batch runs form the next one; other keys do not wait', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { batches, calls } = recording(() => (calls.length === 1 ? held : Promise.resolve()));
    const first = batches.submit('k', 'a');
    await tick(); // the first batch is running, held
    const next = [batches.submit('k', 'b'), batches.submit('k', 'c')];
    expect(await batches.submit('j', 'x')).toBe('j:x');
    await tick();
    expect(calls.map((c) => c.ops)).toEqual([['a'], ['x']]);
    release();
    expect(await Promise.all([first, ...next])).toEqual(['k:a', 'k:b', 'k:c']);
    expect(calls.map((c) => c.ops)).toEqual([['a'], ['x'], ['b', 'c']]);
  });

  it('a batch that fails as a whole rejects each of its operations, and the key goes on', async () => {
    let fail = true;
    const batches = new KeyedBatches<string, string>(async (_key, ops) => {
      if (fail) throw new Error('engine down');
      return ops.map((op) => ({ value: op }));
    });
    const failed = await Promise.allSettled([batches.submit('k', 'a'), batches.submit('k', 'b')]);
    expect(failed.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batches.submit('k', 'c')).toBe('c');
  });

  it('an outcome missing for an operation rejects it', async () => {
    const batches = new KeyedBatches<string, string>(async () => []);
    await expect(batches.submit('k', 'a')).rejects.toThrow('batch gave no outcome');
  });
});

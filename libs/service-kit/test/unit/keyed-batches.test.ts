import { describe, expect, it } from 'vitest';
import { KeyedBatches, type BatchOutcome } from '../../src/keyed-batches.js';
import { KeyedSerializer } from '../../src/keyed-serializer.js';

/** Batches that record each call of `execute` and answer each op by its rule. */
function recording(serializer = new KeyedSerializer()) {
  const calls: { key: string; ops: string[] }[] = [];
  const batches = new KeyedBatches<string, string>(serializer, 'test', async (key, ops) => {
    calls.push({ key, ops });
    await new Promise((r) => setTimeout(r, 5));
    return ops.map((op): BatchOutcome<string> =>
      op.startsWith('bad') ? { error: new Error(op) } : { value: `${key}:${op}` },
    );
  });
  return { batches, calls, serializer };
}

describe('KeyedBatches', () => {
  it('does operations that queued behind a busy turn in one call, answering each', async () => {
    const { batches, calls, serializer } = recording();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = serializer.run('test:k', () => gate);
    const answers = Promise.allSettled(['a', 'bad1', 'b'].map((op) => batches.submit('k', op)));
    const other = batches.submit('j', 'x'); // another key does not wait
    expect(await other).toBe('j:x');
    release();
    await held;
    const settled = await answers;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)))).toEqual([
      'k:a',
      'Error: bad1',
      'k:b',
    ]);
    expect(calls).toEqual([
      { key: 'j', ops: ['x'] },
      { key: 'k', ops: ['a', 'bad1', 'b'] },
    ]);
  });

  it('operations submitted while a batch runs form the next one', async () => {
    const { batches, calls } = recording();
    const first = batches.submit('k', 'a');
    await new Promise((r) => setTimeout(r, 1)); // the first batch is running
    const next = [batches.submit('k', 'b'), batches.submit('k', 'c')];
    expect(await Promise.all([first, ...next])).toEqual(['k:a', 'k:b', 'k:c']);
    expect(calls.map((c) => c.ops)).toEqual([['a'], ['b', 'c']]);
  });

  it('a batch that fails as a whole rejects each of its operations, and the key goes on', async () => {
    const serializer = new KeyedSerializer();
    let fail = true;
    const batches = new KeyedBatches<string, string>(serializer, 'test', async (_key, ops) => {
      if (fail) throw new Error('engine down');
      return ops.map((op) => ({ value: op }));
    });
    const failed = await Promise.allSettled([batches.submit('k', 'a'), batches.submit('k', 'b')]);
    expect(failed.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batches.submit('k', 'c')).toBe('c');
  });
});

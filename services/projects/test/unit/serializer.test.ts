import { describe, expect, it } from 'vitest';
import { KeyedSerializer } from '../../src/store/serializer.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedSerializer', () => {
  it('runs the work of one key one at a time, in arrival order', async () => {
    const serial = new KeyedSerializer();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([serial.run('a', job('1')), serial.run('a', job('2'))]);
    expect(results).toEqual(['1', '2']);
    expect(log).toEqual(['1 start', '1 end', '2 start', '2 end']);
  });

  it('lets different keys run side by side', async () => {
    const serial = new KeyedSerializer();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
    };
    await Promise.all([serial.run('a', job('a')), serial.run('b', job('b'))]);
    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
  });

  it('goes on after a failure and forgets idle keys', async () => {
    const serial = new KeyedSerializer();
    const failed = serial.run('a', async () => {
      throw new Error('boom');
    });
    const next = serial.run('a', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    await tick();
    expect(serial.size).toBe(0);
  });
});

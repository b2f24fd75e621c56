import { describe, expect, it } from 'vitest';
import { KeyedSerial } from '../../src/store/serial.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('per-key serial queue', () => {
  it('runs work for one key one at a time, in order, and other keys alongside', async () => {
    const serial = new KeyedSerial();
    const log: string[] = [];
    const job = (key: string, name: string) =>
      serial.run(key, async () => {
        log.push(`${name}:start`);
        await tick();
        log.push(`${name}:end`);
        return name;
      });
    const results = await Promise.all([job('a', 'a1'), job('a', 'a2'), job('b', 'b1')]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a1:end')).toBeLessThan(log.indexOf('a2:start'));
    expect(log.indexOf('b1:start')).toBeLessThan(log.indexOf('a1:end'));
  });

  it('keeps going after a failure and forgets idle keys', async () => {
    const serial = new KeyedSerial();
    await expect(serial.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    await expect(serial.run('a', async () => 'next')).resolves.toBe('next');
    await tick();
    expect(serial.size).toBe(0);
  });
});

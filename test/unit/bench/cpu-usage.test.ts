import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cpuMs, cpuSnapshot, pidListeningOn } from '../../../bench/cpu-usage.js';

/** The benchmark's CPU figure reads /proc: each process's CPU, and the engine by its port. */
describe('bench CPU usage from /proc', () => {
  // Its timeout is wall time for 200 ms of CPU, seconds on a machine busy with other work
  // (the test layers run side by side).
  it("reads this process's CPU (user + system, every thread) in ms, as Node counts it", () => {
    const before = cpuMs(process.pid);
    const start = process.cpuUsage();
    // Burn 200 ms of CPU (not of wall time: the machine may be shared).
    while (process.cpuUsage(start).user < 200_000);
    const spent = cpuMs(process.pid) - before;
    // /proc counts in clock ticks (10 ms), and every thread (the test runner's own too).
    expect(spent).toBeGreaterThanOrEqual(180);
    expect(cpuSnapshot({ me: process.pid }).me).toBeGreaterThan(0);
  }, 30_000);

  it('finds the process listening on a TCP port, and none on a closed one', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    try {
      expect(pidListeningOn(port)).toBe(process.pid);
    } finally {
      await new Promise((r) => server.close(r));
    }
    expect(pidListeningOn(port)).toBeUndefined();
  });
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stopOnExit } from '../../../bench/on-exit.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/**
 * A bench process that registers two stoppers (each writes a file when it runs), says
 * "ready", then waits: what a run that is interrupted mid-figure looks like.
 */
const script = (dir: string) => `
import { writeFileSync } from 'node:fs';
import { stopOnExit } from ${JSON.stringify(path.join(ROOT, 'bench', 'on-exit.ts'))};
stopOnExit(async () => writeFileSync(${JSON.stringify(path.join(dir, 'stack'))}, 'stopped'));
const engine = stopOnExit(async () => writeFileSync(${JSON.stringify(path.join(dir, 'engine'))}, 'stopped'));
process.stdout.write('ready\\n');
setInterval(() => undefined, 1000);
`;

describe('bench: what it started is stopped on every exit', () => {
  it('a signal runs every registered stopper, then exits with the signal’s code', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-on-exit-'));
    try {
      const child = spawn(TSX, ['--eval', script(dir)], { stdio: ['ignore', 'pipe', 'pipe'] });
      await once(child.stdout, 'data');
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(143);
      expect(readFileSync(path.join(dir, 'stack'), 'utf8')).toBe('stopped');
      expect(readFileSync(path.join(dir, 'engine'), 'utf8')).toBe('stopped');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a stopper runs once, however often it is called, and is then forgotten', async () => {
    let runs = 0;
    const stop = stopOnExit(async () => {
      runs += 1;
    });
    await Promise.all([stop(), stop()]);
    await stop();
    expect(runs).toBe(1);
  });
});

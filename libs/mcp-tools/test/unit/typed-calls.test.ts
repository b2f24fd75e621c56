import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

/** `tsc --noEmit` over one file next to the tools, with the repo's compiler options. */
async function typeCheck(source: string): Promise<string> {
  const file = path.join(dir, 'tool.ts');
  writeFileSync(file, source);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(ROOT, 'tsconfig.base.json'), files: [file] }),
  );
  try {
    await run('npx', ['tsc', '-p', path.join(dir, 'tsconfig.json'), '--noEmit'], { cwd: ROOT });
    return '';
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
}

mkdirSync(path.join(ROOT, 'libs/mcp-tools/.cache'), { recursive: true });
const dir = mkdtempSync(path.join(ROOT, 'libs/mcp-tools/.cache/typed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The tools call the API through the client generated from its document, so a call the
 * document does not allow does not compile: what `npm run build` and CI's type-check catch
 * when the API changes under a tool.
 */
describe('tool calls are checked against the API document', () => {
  const tool = (call: string) => `
    import type { MomentumClient } from '@momentum/client';
    export const run = (api: MomentumClient, id: string) => ${call};
  `;

  it('compiles a call the document allows', async () => {
    expect(
      await typeCheck(
        tool(`api.PATCH('/api/tasks/{id}', { params: { path: { id } }, body: { title: 'x' } })`),
      ),
    ).toBe('');
  }, 60_000);

  it('refuses a path, a parameter or a body field the document does not have', async () => {
    const unknownPath = await typeCheck(
      tool(`api.GET('/api/taskz/{id}', { params: { path: { id } } })`),
    );
    expect(unknownPath).toMatch(/error TS\d+/);
    const wrongBody = await typeCheck(
      tool(
        `api.POST('/api/tasks/{issueId}/blockers', { params: { path: { issueId: id } }, body: { blocker: id } })`,
      ),
    );
    expect(wrongBody).toMatch(/error TS\d+/);
    const wrongSort = await typeCheck(
      tool(`api.GET('/api/projects', { params: { query: { sort: 'colour' } } })`),
    );
    expect(wrongSort).toMatch(/error TS\d+/);
  }, 60_000);
});

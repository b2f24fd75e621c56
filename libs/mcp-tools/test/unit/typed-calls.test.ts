import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

/**
 * `tsc --noEmit` over the given files (name → source) next to the tools, with the repo's
 * compiler options, in one compiler run (each run spends seconds loading the program):
 * each file's own errors, '' for a file that compiles.
 */
async function typeCheck(sources: Record<string, string>): Promise<Record<string, string>> {
  const files = Object.keys(sources).map((name) => path.join(dir, `${name}.ts`));
  for (const [name, source] of Object.entries(sources))
    writeFileSync(path.join(dir, `${name}.ts`), source);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(ROOT, 'tsconfig.base.json'), files }),
  );
  let output = '';
  try {
    await run(
      path.join(ROOT, 'node_modules/.bin/tsc'),
      ['-p', path.join(dir, 'tsconfig.json'), '--noEmit'],
      {
        cwd: ROOT,
      },
    );
  } catch (err) {
    output = String((err as { stdout?: string }).stdout ?? err);
  }
  // tsc prints each error as `<path>(line,col): error TS…`, the path relative to cwd. What
  // names none of the files (the run itself failed) counts against every file.
  const lines = output.split('\n').filter((line) => line.trim());
  const fileOf = (name: string) => path.relative(ROOT, path.join(dir, `${name}.ts`));
  const names = Object.keys(sources);
  const unplaced = lines.filter(
    (line) => /^\S/.test(line) && !names.some((name) => line.startsWith(fileOf(name))),
  );
  return Object.fromEntries(
    names.map((name) => [
      name,
      [...lines.filter((line) => line.startsWith(fileOf(name))), ...unplaced].join('\n'),
    ]),
  );
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

  // The four calls compiled together, each in its own file: the one allowed and the three
  // the document refuses.
  const checked = typeCheck({
    allowed: tool(
      `api.PATCH('/api/tasks/{id}', { params: { path: { id } }, body: { title: 'x' } })`,
    ),
    unknownPath: tool(`api.GET('/api/taskz/{id}', { params: { path: { id } } })`),
    wrongBody: tool(
      `api.POST('/api/tasks/{issueId}/blockers', { params: { path: { issueId: id } }, body: { blocker: id } })`,
    ),
    wrongSort: tool(`api.GET('/api/projects', { params: { query: { sort: 'colour' } } })`),
  });
  // Not an unhandled rejection before a test awaits it.
  checked.catch(() => undefined);

  it('compiles a call the document allows', async () => {
    expect((await checked).allowed).toBe('');
  }, 60_000);

  it('refuses a path, a parameter or a body field the document does not have', async () => {
    const { unknownPath, wrongBody, wrongSort } = await checked;
    expect(unknownPath).toMatch(/error TS\d+/);
    expect(wrongBody).toMatch(/error TS\d+/);
    expect(wrongSort).toMatch(/error TS\d+/);
  }, 60_000);
});

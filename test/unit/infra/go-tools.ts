// The Go programs the infra tests run (scripts/lib/go-tools.mjs): built once from the Go module
// proxy into .cache/bin, then reused.
import { spawnSync } from 'node:child_process';
// @ts-expect-error plain ESM shared with the npm scripts
import * as goTools from '../../../scripts/lib/go-tools.mjs';

export type GoTool = 'compose-check' | 'kustomize' | 'kube-score';

/** The tool's binary, built first when this version is not in .cache/bin. */
export const buildGoTool = goTools.buildGoTool as (name: GoTool) => Promise<string>;
/** Where the tool's binary is: `.cache/bin/<name>-<version>-<digest of its module>`. */
export const goToolBinary = goTools.goToolBinary as (name: GoTool) => string;

/** A cold build takes minutes on a busy two-core machine (the report has the figures). */
export const BUILD_TIMEOUT_MS = 15 * 60_000;

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `bin` with `args`, with nothing of this process's environment but PATH and HOME. */
export function run(bin: string, args: string[], options: { cwd?: string } = {}): Run {
  const result = spawnSync(bin, args, {
    cwd: options.cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

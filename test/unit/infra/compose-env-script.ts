// `npm run compose:env` (scripts/compose-env.mjs), typed for the tests.
// @ts-expect-error plain ESM shared with the npm scripts
import * as composeEnvModule from '../../../scripts/compose-env.mjs';

export interface ComposeEnvResult {
  file: string;
  created: boolean;
  missing: string[];
  added: string[];
}

export const writeComposeEnv = composeEnvModule.writeComposeEnv as (options?: {
  composeFile?: string;
  envFile?: string;
  addMissing?: boolean;
}) => ComposeEnvResult;
export const requiredVariables = composeEnvModule.requiredVariables as (text: string) => string[];
export const valueFor = composeEnvModule.valueFor as (name: string) => string;

/** An env file's `NAME=value` lines. */
export const parseEnv = (text: string) =>
  new Map(
    text
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );

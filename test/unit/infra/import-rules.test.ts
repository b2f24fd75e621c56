import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// dependency-cruiser parses with TypeScript: more than a unit test's default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

/**
 * Each rule of .dependency-cruiser.mjs against a small tree that breaks it once, laid out
 * like the repository (its node_modules linked in), so a rule that matches nothing — a
 * path that no longer resolves where it says, a package left out of the cruise — fails here
 * rather than passing `npm run lint:imports` quietly.
 */
const TREE: Record<string, string> = {
  'services/demo/package.json': JSON.stringify({
    name: '@momentum/demo',
    dependencies: { '@momentum/contracts': '*', mongoose: '*' },
    devDependencies: { '@momentum/testing': '*' },
  }),
  'services/demo/src/domain/rule.ts': "import '../store/query.js';\nimport 'mongoose';\n",
  'services/demo/src/domain/a.ts': "import './b.js';\nexport const a = 1;\n",
  'services/demo/src/domain/b.ts': "import './a.js';\nexport const b = 1;\n",
  'services/demo/src/store/query.ts': "import '../usecases/act.js';\n",
  'services/demo/src/usecases/act.ts': "import '@momentum/testing';\nimport '../misc/helper.js';\n",
  'services/demo/src/misc/helper.ts': 'export const helper = 1;\n',
  'services/demo/src/routes/reply.ts': "import '../clients/other.js';\n",
  'services/demo/src/clients/other.ts': 'export const other = 1;\n',
  'libs/http/package.json': JSON.stringify({
    name: '@momentum/http',
    dependencies: { '@momentum/storage': '*' },
  }),
  'libs/http/src/index.ts': "import '@momentum/storage';\n",
  'gateway/package.json': JSON.stringify({
    name: '@momentum/gateway',
    dependencies: { '@momentum/storage': '*', mongoose: '*' },
  }),
  'gateway/src/app.ts': "import '@momentum/storage';\nimport 'mongoose';\n",
  'mcp-server/package.json': JSON.stringify({ name: '@momentum/mcp-server' }),
  'mcp-server/src/main.ts': "import 'zod';\n",
};

let dir: string;
let violations: string[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'import-rules-'));
  for (const [file, text] of Object.entries(TREE)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const { default: config } = (await import(
    pathToFileURL(path.join(ROOT, '.dependency-cruiser.mjs')).href
  )) as { default: IConfiguration };
  const { tsConfig: _ownTsConfig, ...options } = config.options!;
  const cwd = process.cwd();
  // Paths in the rules are relative to where the cruise runs, as `npm run lint:imports` does.
  process.chdir(dir);
  try {
    const result = await cruise(['libs', 'services', 'gateway', 'mcp-server'], {
      ...options,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    const output = result.output as ICruiseResult;
    violations = output.summary.violations.map(
      (v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/\/(src\/)?[^/]+\.(ts|js)$/, '')}`,
    );
  } finally {
    process.chdir(cwd);
  }
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the import rules', () => {
  it('catch a cycle, an upward import, impure domain code and an unplaced folder', () => {
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-cycles: services\/demo\/src\/domain\/a\.ts/),
        'service-layer-store: services/demo/src/store/query.ts → services/demo/src/usecases',
        'service-layer-domain: services/demo/src/domain/rule.ts → services/demo/src/store',
        'domain-to-io: services/demo/src/domain/rule.ts → services/demo/src/store',
        expect.stringMatching(
          /^domain-to-io: services\/demo\/src\/domain\/rule\.ts → node_modules\/mongoose/,
        ),
        'to-unplaced-service-file: services/demo/src/usecases/act.ts → services/demo/src/misc',
        'entry-to-clients: services/demo/src/routes/reply.ts → services/demo/src/clients',
      ]),
    );
  });

  it('keep the library tiers, the gateway off storage, and code that ships off devDependencies', () => {
    expect(violations).toEqual(
      expect.arrayContaining([
        'library-tier-1: libs/http/src/index.ts → node_modules/@momentum/storage',
        'gateway-to-storage: gateway/src/app.ts → node_modules/@momentum/storage',
        expect.stringMatching(
          /^gateway-to-storage: gateway\/src\/app\.ts → node_modules\/mongoose/,
        ),
        'not-to-dev-dep: services/demo/src/usecases/act.ts → node_modules/@momentum/testing',
        expect.stringMatching(/^not-to-undeclared: mcp-server\/src\/main\.ts → node_modules\/zod/),
      ]),
    );
  });
});

// The Go tools of the infra tests (scripts/lib/go-tools.mjs): each pinned by its module under
// infra/tools, built once into .cache/bin under a name carrying its version, then reused.
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, read } from './support.js';
import { BUILD_TIMEOUT_MS, type GoTool, buildGoTool, goToolBinary } from './go-tools.js';

const TOOLS: Array<[GoTool, string]> = [
  ['compose-check', 'github.com/compose-spec/compose-go/v2'],
  ['kustomize', 'sigs.k8s.io/kustomize/kustomize/v5'],
  ['kube-score', 'github.com/zegl/kube-score'],
];

describe('the Go tools of the infra tests', () => {
  it.each(TOOLS)(
    '%s: pinned in its go.mod and go.sum, named by version, built once and reused',
    async (name, module) => {
      const goMod = read(`infra/tools/${name}/go.mod`);
      const version = new RegExp(`^\\s*(?:require\\s+)?${module} (v\\S+)`, 'm').exec(goMod)?.[1];
      expect(version, `${name}: the version go.mod requires`).toMatch(/^v\d+\.\d+\.\d+$/);
      expect(read(`infra/tools/${name}/go.sum`)).toContain(`${module} ${version ?? ''} h1:`);
      const bin = goToolBinary(name);
      expect(path.dirname(bin)).toBe(path.join(ROOT, '.cache', 'bin'));
      expect(path.basename(bin)).toMatch(new RegExp(`^${name}-${version ?? ''}-[0-9a-f]{12}$`));

      expect(await buildGoTool(name)).toBe(bin);
      const built = statSync(bin).mtimeMs;
      const started = Date.now();
      expect(await buildGoTool(name)).toBe(bin);
      expect(statSync(bin).mtimeMs, 'not built again').toBe(built);
      expect(Date.now() - started).toBeLessThan(1000);
    },
    BUILD_TIMEOUT_MS,
  );
});

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper of the npm scripts
import { patchFerretDBSource } from '../../../scripts/lib/ferretdb-patch.mjs';

const FILE = 'internal/backends/sqlite/metadata/metadata.go';

/** A source tree holding only the file the patch changes, with the given text. */
function sourceWith(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ferretdb-src-'));
  mkdirSync(path.dirname(path.join(dir, FILE)), { recursive: true });
  writeFileSync(path.join(dir, FILE), text);
  return dir;
}

describe('FerretDB source patch', () => {
  it("writes `_id` statements with the index's own expression", () => {
    const dir = sourceWith(
      `const (\n\tIDColumn = DefaultColumn + "->'$._id'"\n\tRecordIDColumn = "x"\n)\n`,
    );
    patchFerretDBSource(dir);
    expect(readFileSync(path.join(dir, FILE), 'utf8')).toBe(
      'const (\n\tIDColumn = DefaultColumn + `->"_id"`\n\tRecordIDColumn = "x"\n)\n',
    );
  });

  it('refuses a source that is not the one it was written for, patched ones included', () => {
    const dir = sourceWith(`IDColumn = DefaultColumn + "->'$._id'"\n`);
    patchFerretDBSource(dir);
    expect(() => patchFerretDBSource(dir)).toThrow(/FerretDB source changed/);
    expect(() => patchFerretDBSource(sourceWith('package metadata\n'))).toThrow(
      /expected one "IDColumn = DefaultColumn \+ "->'\$\._id'"" in internal/,
    );
  });
});

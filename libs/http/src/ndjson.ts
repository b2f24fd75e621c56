import { Readable } from 'node:stream';
import type { ExportLine } from '@momentum/contracts';

/**
 * A service's part of a person's export as NDJSON (`{section, item}` a line), read from
 * each section's cursor as the reader takes it: nothing is held whole in memory.
 */
export function ndjsonSections(
  sections: ReadonlyArray<readonly [string, () => AsyncIterable<unknown>]>,
): Readable {
  async function* lines() {
    for (const [section, items] of sections)
      for await (const item of items()) {
        const line: ExportLine = { section, item };
        yield `${JSON.stringify(line)}\n`;
      }
  }
  return Readable.from(lines(), { objectMode: false });
}

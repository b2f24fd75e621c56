import { readFileSync } from 'node:fs';

/**
 * The rows of the last Markdown table in a file, as objects keyed by the header cells.
 * Used where a document is also a test's data (docs/AUTHORIZATION.md).
 */
export function readLastTable(file: string): Record<string, string>[] {
  return rowsOf(readFileSync(file, 'utf8').split('\n'), file);
}

/** The rows of the first Markdown table after the heading `heading` (e.g. `### Team roles`). */
export function readTableAfter(file: string, heading: string): Record<string, string>[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((line) => line.trim() === heading);
  if (at < 0) throw new Error(`no heading ${heading} in ${file}`);
  const start = lines.findIndex((line, i) => i > at && line.trim().startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.trim().startsWith('|'));
  return rowsOf(lines.slice(start, end < 0 ? undefined : end), file);
}

function rowsOf(lines: string[], file: string): Record<string, string>[] {
  let table: string[] = [];
  let current: string[] = [];
  for (const line of [...lines, '']) {
    if (line.trim().startsWith('|')) current.push(line);
    else if (current.length) {
      table = current;
      current = [];
    }
  }
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const [header, , ...rows] = table;
  if (!header) throw new Error(`no table in ${file}`);
  const names = cells(header);
  return rows.map((row) => Object.fromEntries(cells(row).map((value, i) => [names[i]!, value])));
}

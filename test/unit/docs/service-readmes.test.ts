import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every service reads the same way, its README too: what it owns, the events it publishes and
 * consumes, its indexes and its routes, in that order, before anything particular to it.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SECTIONS = ['Owns', 'Publishes', 'Consumes', 'Indexes', 'Routes'];
const services = readdirSync(path.join(ROOT, 'services')).filter((s) =>
  existsSync(path.join(ROOT, 'services', s, 'package.json')),
);

describe('service READMEs', () => {
  it.each(services)('services/%s/README.md opens with the shared sections', (service) => {
    const file = path.join(ROOT, 'services', service, 'README.md');
    expect(existsSync(file), `services/${service}/README.md`).toBe(true);
    const headings = [...readFileSync(file, 'utf8').matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, SECTIONS.length)).toEqual(SECTIONS);
  });
});

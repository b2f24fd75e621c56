import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/e2e.js';
import {
  buildAuthorizationActors,
  makeFixtures,
  type AuthorizationActors,
} from '../support/authorization-actors.js';
import { readTableAfter } from '../support/markdown-table.js';

// The "Team roles" table of docs/AUTHORIZATION.md, end to end, one cell at a time per row.
const rows = readTableAfter(
  path.join(import.meta.dirname, '../../docs/AUTHORIZATION.md'),
  '### Team roles',
);
const ACTORS = ['owner', 'team admin', 'member', 'outsider', 'admin'];
const PLACEHOLDER = /:([a-zA-Z]+\d?)/g;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);

describe('team roles matrix (docs/AUTHORIZATION.md, Team roles)', () => {
  let actors: AuthorizationActors;
  beforeAll(async () => {
    actors = await buildAuthorizationActors();
  }, 60_000);

  it('has a status for every role', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows)
      for (const actor of ACTORS)
        expect(row[actor], `${row.method} ${row.path}`).toMatch(/^\d{3}$/);
  });

  for (const row of rows) {
    it(
      `${row.method} ${row.path} ${row.body ?? ''}`.trim(),
      async () => {
        const names = new Set(
          [...`${row.path} ${row.body}`.matchAll(PLACEHOLDER)].map((m) => m[1]!),
        );
        const outcomes = await Promise.all(
          ACTORS.map(async (actor) => {
            const values = await makeFixtures(actors, names);
            const body = row.body ? JSON.parse(fill(row.body, values)) : undefined;
            const res = await api(actors.keys[actor]!, row.method!, fill(row.path!, values), body);
            return { actor, status: res.status, expected: Number(row[actor]), body: res.text };
          }),
        );
        const wrong = outcomes.filter((o) => o.status !== o.expected);
        expect(wrong, JSON.stringify(wrong)).toEqual([]);
      },
      60_000,
    );
  }
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ListProjectsQuery, ProjectSortFields, scopeOf } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import { listFilter, listSort } from '../../src/store/project-store.js';
import { unserved, type QueryShape } from '../../../../test/support/index-shapes.js';
import { useProjectsApp } from './harness.js';

/** The fields a list filter narrows on by one value (an `$in` of one counts). */
const equalities = (filter: Record<string, unknown>) =>
  Object.entries(filter)
    .filter(([, v]) => typeof v !== 'object' || (v as { $in: unknown[] }).$in.length === 1)
    .map(([k]) => k);

describe('projects: indexes serve every list and lookup', () => {
  const h = useProjectsApp();

  it('declares an index for every list the API offers and for the read model', async () => {
    const scope = scopeOf(userActor({ teamIds: [randomUUID()] }));
    const list = (label: string, query: Record<string, string>): QueryShape => {
      const q = ListProjectsQuery.parse(query);
      return {
        label,
        collection: 'projects',
        equal: equalities(listFilter(scope, q)),
        sort: listSort(q),
      };
    };
    const shapes: QueryShape[] = ProjectSortFields.flatMap((field) =>
      [field, `-${field}`].map((sort) => list(`list by ${sort}`, { sort })),
    );
    shapes.push(list('list of a status', { status: 'started' }));
    // Key and slug checks at create (each `$or` branch), and a rebuild's rows of a project.
    shapes.push({ label: 'key taken', collection: 'projects', equal: ['teamId', 'key'], sort: {} });
    shapes.push({
      label: 'slug taken',
      collection: 'projects',
      equal: ['teamId', 'slug'],
      sort: {},
    });
    shapes.push({
      label: 'projects of a creator',
      collection: 'projects',
      equal: ['createdBy'],
      sort: {},
    });
    shapes.push({
      label: 'rows of a project',
      collection: 'issue_states',
      equal: ['projectId'],
      sort: {},
    });
    expect(await unserved(h.ctx.db, shapes)).toEqual([]);
  });
});

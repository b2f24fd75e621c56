import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOTAL_COUNTED_MAX } from '@momentum/contracts';
import { createProject, member, requests, useProjectsApp } from './harness.js';

/** A team's project list counts its total no further than 1,000, as every list does. */
describe('projects: list totals are capped', () => {
  const h = useProjectsApp();
  const { get } = requests(() => h);

  it('counts a team of 1,005 projects as 1,000 with totalCapped, and a small one exactly', async () => {
    const teamId = randomUUID();
    const ada = member(h, [teamId]);
    const made = await createProject(h, ada, { teamId, name: 'Template' });
    const projects = h.ctx.db.collection('projects');
    const template = await projects.findOne({ _id: made.id as never });
    expect(template).not.toBeNull();
    const copies = Array.from({ length: TOTAL_COUNTED_MAX + 4 }, (_, i) => ({
      ...template,
      _id: randomUUID(),
      name: `Copy ${i}`,
      nameSort: `copy ${i}`,
      slug: `copy-${i}`,
      key: `C${i.toString(36).toUpperCase()}`,
    }));
    for (let i = 0; i < copies.length; i += 1000)
      await projects.insertMany(copies.slice(i, i + 1000) as never[]);

    const res = await get(ada, `/api/projects?teamId=${teamId}&limit=5`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({
      total: TOTAL_COUNTED_MAX,
      totalCapped: true,
      page: 1,
      perPage: 5,
    });
    expect(res.json().data).toHaveLength(5);

    const bo = member(h);
    await createProject(h, bo, { name: 'Only one' });
    expect((await get(bo, '/api/projects')).json().meta).toEqual({
      total: 1,
      page: 1,
      perPage: 20,
    });
  }, 180_000);
});

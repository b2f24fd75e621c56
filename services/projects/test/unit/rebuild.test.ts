import { describe, expect, it } from 'vitest';
import type { IssueState } from '@momentum/contracts';
import { planRebuild } from '../../src/domain/rebuild.js';

const state = (id: string, version: number): IssueState => ({
  id,
  projectId: 'p',
  status: 'todo',
  version,
});

describe('planRebuild', () => {
  it('inserts unseen issues, updates older rows, keeps newer ones, lists rows the truth lacks', () => {
    const existing = new Map([
      ['older', 1],
      ['same', 2],
      ['newer', 5],
      ['gone', 1],
    ]);
    const plan = planRebuild(existing, [
      state('older', 2),
      state('same', 2),
      state('newer', 4),
      state('fresh', 1),
    ]);
    expect(plan.inserts.map((s) => s.id)).toEqual(['fresh']);
    expect(plan.updates.map((s) => s.id)).toEqual(['older']);
    expect(plan.missing).toEqual(['gone']);
  });

  it('writes nothing when the read model matches the truth', () => {
    const plan = planRebuild(new Map([['a', 1]]), [state('a', 1)]);
    expect(plan).toEqual({ inserts: [], updates: [], missing: [] });
  });
});

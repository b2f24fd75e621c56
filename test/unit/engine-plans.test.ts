import { describe, expect, it } from 'vitest';
import { planVerdict } from '../support/engine-plans.js';

describe('engine plans: does the engine read the whole collection for a query', () => {
  const ferret = (...plan: string[]) => ({ queryPlanner: { Plan: plan, sql: 'SELECT …' } });

  it("reads the patched FerretDB's SQLite plan: a scan of the collection's own table", () => {
    expect(planVerdict(ferret('id=6 parent=0 notused=0 detail=SCAN tasks_ad2e48cd'), 'tasks')).toBe(
      'scan',
    );
    expect(
      planVerdict(
        ferret(
          'id=7 parent=0 notused=0 detail=SEARCH tasks_ad2e48cd USING INDEX tasks_ad2e48cd_owner_list (<expr>=?)',
        ),
        'tasks',
      ),
    ).toBe('index');
  });

  it('does not take a side table, a subquery or another collection for the collection', () => {
    for (const line of [
      'id=2 parent=0 notused=0 detail=SCAN issues_7a6ffc49__multikey',
      'id=3 parent=0 notused=0 detail=SCAN (subquery-1)',
      'id=4 parent=0 notused=0 detail=SCAN tasks_history_0a1b2c3d',
    ])
      expect(planVerdict(ferret(line), 'tasks')).toBe('index');
    expect(
      planVerdict(ferret('id=2 parent=0 notused=0 detail=SCAN issues_7a6ffc49'), 'issues'),
    ).toBe('scan');
  });

  it("reads MongoDB's winning plan: a COLLSCAN stage anywhere in it", () => {
    const fetch = { stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'owner_list' } };
    expect(planVerdict({ queryPlanner: { winningPlan: fetch } }, 'tasks')).toBe('index');
    const sorted = { stage: 'SORT', inputStage: { stage: 'COLLSCAN' } };
    expect(planVerdict({ queryPlanner: { winningPlan: sorted } }, 'tasks')).toBe('scan');
  });

  it('says nothing of an engine that explains no plan (FerretDB as released)', () => {
    expect(planVerdict({ queryPlanner: {} }, 'tasks')).toBe('unknown');
    expect(planVerdict({}, 'tasks')).toBe('unknown');
  });
});

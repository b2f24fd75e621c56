/**
 * What the engine's own planner does with a query the stores send, from `explain`: whether
 * it reads the whole collection. The declared-index check (query-shapes.ts) says an index
 * could serve a query by MongoDB's rule; this says the engine under the tests does use one.
 * Both engines say so in their own words: MongoDB's plan has a COLLSCAN stage, the patched
 * FerretDB's SQLite plan a `SCAN <collection's table>` (`queryPlanner.Plan`). FerretDB as
 * released explains nothing of its SQL: nothing to say there.
 */
import type { Document } from 'mongodb';

export type PlanVerdict = 'index' | 'scan' | 'unknown';

export function planVerdict(explain: Document, collection: string): PlanVerdict {
  const planner = (explain.queryPlanner ?? {}) as Document;
  if (Array.isArray(planner.Plan)) {
    // FerretDB names a collection's table `<collection>_<8 hex>`; a side table, a subquery
    // or a constant row scanned is not the collection read whole.
    const table = new RegExp(`detail=SCAN ${escape(collection)}_[0-9a-f]{8}$`);
    return (planner.Plan as string[]).some((line) => table.test(line)) ? 'scan' : 'index';
  }
  if (planner.winningPlan)
    return JSON.stringify(planner.winningPlan).includes('"COLLSCAN"') ? 'scan' : 'index';
  return 'unknown';
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

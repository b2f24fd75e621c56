import { describe, expect, it } from 'vitest';
import { normalizeWords, PREFIX_MAX, searchKeysOf } from '../../src/domain/search-terms.js';
import { issuesModels } from '../../src/store/models.js';
import { SEARCH_REKEYED, SearchRekeying } from '../../src/store/search-rekeying.js';
import { call, createIssue, useIssuesApp } from '../support/harness.js';

/** How issues were keyed before prefixes started at PREFIX_MIN: every prefix of every word. */
function everyPrefixKeys(title: string, description: string): string[] {
  const keys = new Set(searchKeysOf(title, description));
  for (const word of normalizeWords(`${title} ${description}`))
    for (let n = 1; n <= Math.min(word.length, PREFIX_MAX); n++) keys.add(`p:${word.slice(0, n)}`);
  return [...keys];
}

describe('issues: search keys of an earlier scheme', () => {
  const { h, w } = useIssuesApp('RKY');

  const searchIds = async (q: string) => {
    const res = await call(h, w.owner, 'GET', `/api/tasks/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, q).toBe(200);
    return (res.json() as { data: Array<{ id: string }> }).data.map((i) => i.id);
  };

  it('finds issues keyed by every prefix as before, then rekeys them once per database', async () => {
    const title = 'Login page crashes';
    const description = 'on Safari the UI freezes';
    const old = await createIssue(h, w, { title, description });
    const other = await createIssue(h, w, { title: 'Billing export', description: '' });
    const issues = h.ctx.db.collection<{ _id: string; searchKeys: string[]; title: string }>(
      'issues',
    );
    // As an earlier version stored them; and the database not yet rekeyed.
    await issues.updateOne(
      { _id: old.id },
      { $set: { searchKeys: everyPrefixKeys(title, description) } },
    );
    await issues.updateOne(
      { _id: other.id },
      { $set: { searchKeys: everyPrefixKeys('Billing export', '') } },
    );
    await h.ctx.db.collection('issue_migrations').deleteOne({ _id: SEARCH_REKEYED } as never);

    const queries = ['log', 'login pa', 'ui', 'safari ui', 'safari fre', 'crashes'];
    const before = await Promise.all(queries.map(searchIds));
    for (const found of before) expect(found).toContain(old.id);

    const models = issuesModels(h.ctx.db);
    expect(await new SearchRekeying(models, 1).run()).toBe(2);

    const stored = await issues.findOne({ _id: old.id });
    expect(stored?.searchKeys.sort()).toEqual(searchKeysOf(title, description).sort());
    expect(stored?.searchKeys).not.toContain('p:l');
    expect((await issues.findOne({ _id: other.id }))?.searchKeys).not.toContain('p:b');

    const after = await Promise.all(queries.map(searchIds));
    expect(after).toEqual(before);
    // Once per database: marked done, the next start rewrites nothing.
    expect(await new SearchRekeying(models).run()).toBe(0);
  });
});

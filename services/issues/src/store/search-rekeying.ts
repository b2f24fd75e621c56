import type { FilterQuery } from 'mongoose';
import { searchKeysOf } from '../domain/search-terms.js';
import type { IssueDoc, IssuesModels } from './models.js';
import { isMigrated, markMigrated } from './migrations.js';

/** The `issue_migrations` entry that says every issue holds today's search keys. */
export const SEARCH_REKEYED = 'search-keys-prefix-min';
const BATCH = 500;

type Keyed = Pick<IssueDoc, '_id' | 'title' | 'description' | 'searchKeys'>;

/**
 * Rewrites the search keys of issues keyed by an earlier scheme (every prefix of every word,
 * search-terms.ts) to today's, so each search index holds only the entries a query can ask
 * for. Until it has, those issues are found as before: they hold a superset of today's keys.
 *
 * Off the request path, once per database (remembered in `issue_migrations`), in pages of
 * `_id` with one bulk write a page; stopped at close, it starts over at the next start
 * (an issue already rekeyed is skipped). An issue is rewritten only while it still has the
 * text its keys were made from: an edit meanwhile wrote keys of its own.
 */
export class SearchRekeying {
  private stopped = false;
  private running: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly m: IssuesModels,
    private readonly batch = BATCH,
  ) {}

  start(log: {
    info: (fields: object, message: string) => void;
    error: (fields: object, message: string) => void;
  }): void {
    this.running = this.run().then(
      (issues) => {
        if (issues) log.info({ issues }, 'search keys rewritten');
        return issues;
      },
      (err: unknown) => {
        log.error({ err }, 'search rekeying stopped; it resumes at the next start');
        return 0;
      },
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** The issues rewritten (none once the database is marked done). */
  async run(): Promise<number> {
    if (await isMigrated(this.m, SEARCH_REKEYED)) return 0;
    let rekeyed = 0;
    let after: string | null = null;
    while (!this.stopped) {
      const page: Keyed[] = await this.m.Issue.find(after ? { _id: { $gt: after } } : {}, {
        title: 1,
        description: 1,
        searchKeys: 1,
      })
        .sort({ _id: 1 })
        .limit(this.batch)
        // The once-per-database pass over every issue (a deliberate scan, so marked).
        .comment('scan: the once-per-database search rekeying')
        .lean<Keyed[]>();
      if (!page.length) break;
      after = page.at(-1)!._id;
      const writes = page.flatMap((issue) => {
        const keys = searchKeysOf(issue.title, issue.description ?? '');
        if (sameKeys(keys, issue.searchKeys ?? [])) return [];
        const filter: FilterQuery<IssueDoc> = {
          _id: issue._id,
          title: issue.title,
          description: issue.description ?? null,
        };
        return [{ updateOne: { filter, update: { $set: { searchKeys: keys } } } }];
      });
      if (writes.length) {
        const result = await this.m.Issue.bulkWrite(writes, { ordered: false, timestamps: false });
        rekeyed += result.modifiedCount;
      }
    }
    if (!this.stopped) await markMigrated(this.m, SEARCH_REKEYED);
    return rekeyed;
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const held = new Set(b);
  return a.every((k) => held.has(k));
}

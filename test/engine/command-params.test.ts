import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/**
 * The patched engine reads a command's parameters with each parameters struct's tags parsed
 * once (infra/ferretdb/go/params.go), where FerretDB parsed them for every key of every
 * command. What a command answers, and the error for a bad one, stay FerretDB's own: each
 * case runs twice on both engines, so the second answer comes from the parsed tags.
 */
const DB = 'commandparams';
const { patched, unpatched, both } = bothEngines(DB);

type Answer = { ok?: number; code?: number; errmsg?: string; batch?: unknown[] };

/** A command's answers to two rounds on each engine, an error as its code and message. */
const answerOf = (command: Record<string, unknown>) =>
  Promise.all(
    [patched, unpatched].map(async (client) => {
      const answers: Answer[] = [];
      for (let round = 0; round < 2; round++) {
        answers.push(
          await client
            .db(DB)
            .command(command)
            .then((r) => ({
              ok: r.ok as number,
              batch: (r.cursor as { firstBatch?: unknown[] } | undefined)?.firstBatch,
            }))
            .catch((e: { code?: number; errmsg?: string }) => ({ code: e.code, errmsg: e.errmsg })),
        );
      }
      return answers;
    }),
  );

describe('command parameters', () => {
  it('answers a valid command alike', async () => {
    await both((client) =>
      client
        .db(DB)
        .collection<{ _id: number }>('docs')
        .insertMany([1, 2, 3].map((_id) => ({ _id }))),
    );
    const [mine, theirs] = await answerOf({
      find: 'docs',
      filter: { _id: { $gte: 2 } },
      sort: { _id: -1 },
      projection: { _id: 1 },
      limit: 5,
      batchSize: 4,
      maxTimeMS: 60_000,
    });
    expect(mine).toEqual([
      { ok: 1, batch: [{ _id: 3 }, { _id: 2 }] },
      { ok: 1, batch: [{ _id: 3 }, { _id: 2 }] },
    ]);
    expect(mine).toEqual(theirs);
  });

  it.each([
    ['an unknown field', { find: 'docs', filter: {}, bogus: 1 }, 9],
    ['a missing required field', { update: 'docs' }, 40414],
    ['a missing required field of a statement', { delete: 'docs', deletes: [{ limit: 1 }] }, 40414],
    ['a value of the wrong type', { find: 'docs', limit: 'ten' }, 14],
    ['an unimplemented field', { findAndModify: 'docs', query: {}, update: {}, let: {} }, 238],
    ['an unimplemented option value', { find: 'docs', collation: { locale: 'fr' } }, 238],
  ])('refuses %s with the same code and message', async (_what, command, code) => {
    const [mine, theirs] = await answerOf(command);
    expect(mine![0]).toMatchObject({ code });
    expect(mine![1]).toEqual(mine![0]);
    expect(mine).toEqual(theirs);
  });
});

import { describe, expect, it } from 'vitest';
import { serves, shapesOf, shapesOfCall } from '../support/query-shapes.js';

const shape = (filter: Record<string, unknown>, sort = {}) => shapesOf('c', filter, sort)[0]!;

describe('query shapes against indexes (equality, sort, range)', () => {
  it('reads equality, range and sort fields from a filter', () => {
    expect(shape({ a: 1, b: { $in: [1, 2] }, c: { $gt: 3 }, d: { $exists: true } })).toEqual({
      collection: 'c',
      equal: ['a', 'b'],
      sort: {},
      range: ['c', 'd'],
    });
    expect(shapesOf('c', { a: 1, $or: [{ b: 1 }, { c: { $lt: 2 } }] })).toEqual([
      { collection: 'c', equal: ['a', 'b'], sort: {}, range: [] },
      { collection: 'c', equal: ['a'], sort: {}, range: ['c'] },
    ]);
  });

  it('serves equality, then sort (either direction), then range', () => {
    const index = { key: { owner: 1, createdAt: -1, _id: -1 } } as const;
    expect(serves(index, shape({ owner: 'u' }, { createdAt: -1, _id: -1 }))).toBe(true);
    expect(serves(index, shape({ owner: 'u' }, { createdAt: 1, _id: 1 }))).toBe(true);
    expect(serves(index, shape({ owner: 'u', createdAt: { $lt: 5 } }))).toBe(true);
    // A mixed direction, a sort the index does not hold, or equality not leading: no.
    expect(serves(index, shape({ owner: 'u' }, { createdAt: -1, _id: 1 }))).toBe(false);
    expect(serves(index, shape({ owner: 'u' }, { title: 1 }))).toBe(false);
    expect(serves(index, shape({ team: 't' }, { createdAt: -1 }))).toBe(false);
    // Range before sort would need a blocking sort.
    expect(
      serves(
        { key: { owner: 1, due: 1, createdAt: -1 } },
        shape({ owner: 'u', due: { $gt: 1 } }, { createdAt: -1 }),
      ),
    ).toBe(false);
    // Ids given read that many documents, whatever the sort.
    expect(serves({ key: { _id: 1 } }, shape({ _id: { $in: ['a', 'b'] } }, { createdAt: 1 }))).toBe(
      true,
    );
    // Nothing to narrow or order by: a collection scan.
    expect(serves({ key: { _id: 1 } }, shape({}))).toBe(false);
    expect(serves({ key: { _id: 1 } }, shape({ _id: { $gt: 'x' } }, { _id: 1 }))).toBe(true);
  });

  it('serves with a partial index only queries naming its filter', () => {
    const pending = {
      key: { '_outbox.0': 1 },
      partial: { '_outbox.0': { $exists: true } },
    } as const;
    expect(serves(pending, shape({ '_outbox.0': { $exists: true } }))).toBe(true);
    expect(serves(pending, shape({ title: 'x' }))).toBe(false);
  });

  it('reads the shapes of collection methods, pipelines and bulk writes', () => {
    expect(shapesOfCall('c', 'find', [{ a: 1 }, { sort: { b: -1 } }])).toEqual([
      { collection: 'c', equal: ['a'], sort: { b: -1 }, range: [] },
    ]);
    expect(shapesOfCall('c', 'aggregate', [[{ $match: { a: 1 } }, { $sort: { b: 1 } }]])).toEqual([
      { collection: 'c', equal: ['a'], sort: { b: 1 }, range: [] },
    ]);
    expect(shapesOfCall('c', 'bulkWrite', [[{ updateOne: { filter: { _id: 'x' } } }]])).toEqual([
      { collection: 'c', equal: ['_id'], sort: {}, range: [] },
    ]);
    expect(shapesOfCall('c', 'insertOne', [{ a: 1 }])).toBeUndefined();
  });
});

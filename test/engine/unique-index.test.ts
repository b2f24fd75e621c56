import { type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { bothEngines } from './both-engines.js';

/** Documents with the test's own ids. */
type Doc = Document & { _id: number | string };

/**
 * Unique indexes as MongoDB keeps them (infra/ferretdb/go/unique.go): null and a missing field
 * are one key, so a second document with either is refused (E11000), in a compound index too;
 * and the E11000 message names the index and the key as MongoDB's does. The key columns hold
 * SQL NULL for both, which SQLite's unique index counts as distinct: the build accepted them.
 */
const DB = 'uniqueindex';
const { patched } = bothEngines(DB);

const coll = (name: string) => patched.db(DB).collection<Doc>(name);
const dup = (name: string, index: string, key: string) => ({
  code: 11000,
  message: `E11000 duplicate key error collection: ${DB}.${name} index: ${index} dup key: ${key}`,
});

describe('a unique index refuses a second null or missing key, as MongoDB does', () => {
  it('one field: null, then null or missing, by insert and by update', async () => {
    const c = coll('single');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertOne({ _id: 1, email: null });
    await expect(c.insertOne({ _id: 2, email: null })).rejects.toMatchObject(
      dup('single', 'email_1', '{ email: null }'),
    );
    await expect(c.insertOne({ _id: 3 })).rejects.toMatchObject(
      dup('single', 'email_1', '{ email: null }'),
    );
    await c.insertOne({ _id: 4, email: 'a@x' });
    await expect(c.updateOne({ _id: 4 }, { $unset: { email: '' } })).rejects.toMatchObject({
      code: 11000,
    });
    await expect(c.findOneAndUpdate({ _id: 4 }, { $set: { email: null } })).rejects.toMatchObject({
      code: 11000,
    });
    expect(await c.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, email: null },
      { _id: 4, email: 'a@x' },
    ]);
    // The index still answers equalities (the pushdown is unchanged).
    const plan = (await c.find({ email: 'a@x' }).explain()) as Document;
    expect(plan).toMatchObject({ filterPushdown: true });
  });

  it('missing first, then missing or null', async () => {
    const c = coll('missing');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertOne({ _id: 1 });
    await expect(c.insertOne({ _id: 2 })).rejects.toMatchObject({ code: 11000 });
    await expect(c.insertOne({ _id: 3, email: null })).rejects.toMatchObject({ code: 11000 });
    await c.insertOne({ _id: 5, email: 'b' });
    expect(await c.countDocuments()).toBe(2);
  });

  it('compound: a null part counts as a key like any other value', async () => {
    const c = coll('compound');
    await c.createIndex({ team: 1, slug: 1 }, { unique: true, name: 'team_slug' });
    await c.insertOne({ _id: 1, team: 't', slug: null });
    await expect(c.insertOne({ _id: 2, team: 't' })).rejects.toMatchObject(
      dup('compound', 'team_slug', '{ team: "t", slug: null }'),
    );
    await c.insertOne({ _id: 3, team: 'u' }); // another team: another key
    await c.insertOne({ _id: 4, team: 't', slug: 's' });
    await c.insertOne({ _id: 5 });
    await expect(c.insertOne({ _id: 6, team: null, slug: null })).rejects.toMatchObject({
      code: 11000,
    });
    // Numbers of different types with the same value are one key, as in MongoDB.
    await c.insertOne({ _id: 7, team: 1, slug: null });
    await expect(c.insertOne({ _id: 8, team: 1.0, slug: null })).rejects.toMatchObject({
      code: 11000,
    });
    expect((await c.find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 3, 4, 5, 7]);
  });

  it('refuses to make a unique index the stored nulls break', async () => {
    const c = coll('existing');
    await c.insertMany([{ _id: 1 }, { _id: 2, email: null }]);
    await expect(c.createIndex({ email: 1 }, { unique: true })).rejects.toMatchObject({
      code: 11000,
    });
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });
});

describe('E11000 names the index and the key, as MongoDB does', () => {
  it('for `_id`, a unique field, an update and a findAndModify', async () => {
    const c = coll('named');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertMany([
      { _id: 1, email: 'a' },
      { _id: 2, email: 'b' },
    ]);
    await expect(c.insertOne({ _id: 1, email: 'c' })).rejects.toMatchObject(
      dup('named', '_id_', '{ _id: 1 }'),
    );
    await expect(c.insertOne({ _id: 3, email: 'a' })).rejects.toMatchObject(
      dup('named', 'email_1', '{ email: "a" }'),
    );
    await expect(c.updateOne({ _id: 2 }, { $set: { email: 'a' } })).rejects.toMatchObject(
      dup('named', 'email_1', '{ email: "a" }'),
    );
    await expect(c.findOneAndUpdate({ _id: 2 }, { $set: { email: 'a' } })).rejects.toMatchObject(
      dup('named', 'email_1', '{ email: "a" }'),
    );
  });
});

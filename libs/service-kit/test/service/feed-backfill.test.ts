import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { onceForFeeds } from '../../src/local-engine/feed-backfill.js';
import { LOCAL_FEEDS_COLLECTION } from '../../src/local-engine/feed-row-ids.js';
import { connectMongo } from '../../src/storage/mongo.js';

describe('onceForFeeds', () => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectMongo(inject('mongoUrl'), `backfill_${randomUUID().slice(0, 8)}`);
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('runs its work once per name, and again after a failure', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
    };
    await onceForFeeds(connection, 'tasks', work);
    await onceForFeeds(connection, 'tasks', work);
    expect(runs).toBe(1);
    await onceForFeeds(connection, 'issues', work);
    expect(runs).toBe(2);
    const fail = async () => {
      runs++;
      throw new Error('boom');
    };
    await expect(onceForFeeds(connection, 'failing', fail)).rejects.toThrow('boom');
    await onceForFeeds(connection, 'failing', work);
    await onceForFeeds(connection, 'failing', work);
    expect(runs).toBe(4);
    const marks = await connection
      .collection<{ _id: string; entries?: string }>(LOCAL_FEEDS_COLLECTION)
      .findOne({ _id: 'done|tasks' });
    expect(marks).toMatchObject({ at: expect.any(Date) });
  });
});

import { spawn, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, type Document } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ferretDBBinary,
  freePort,
  startFerretDB,
  stopEngine,
  // @ts-expect-error plain ESM helper shared with the npm scripts
} from '../../scripts/lib/engines.mjs';

/** Documents with the test's own ids. */
type Doc = Document & { _id: number | string };

/**
 * What the build keeps beside the documents is its own to trust only while no other process
 * or layout writes them (infra/ferretdb/go/layout.go): a second engine on the same data
 * directory is refused with an error naming it (each kept its marks in memory, and one missed
 * the other's arrays), and a database file whose layout version is not the build's has its
 * key columns and side tables made again from the documents at start.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'momentum-layout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Engine = { url: string; child: unknown };
async function start(data: string): Promise<Engine> {
  const port = await freePort();
  const child = await startFerretDB({ dir: data, port });
  return { url: `mongodb://127.0.0.1:${port}`, child };
}

async function withClient<T>(url: string, f: (c: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(url);
  try {
    return await f(client);
  } finally {
    await client.close();
  }
}

describe('one engine per data directory', () => {
  it('a second process on the same directory exits with an error naming it', async () => {
    const data = path.join(dir, 'lock');
    const first = await start(data);
    try {
      const second = spawn(
        ferretDBBinary(),
        [
          '--handler=sqlite',
          `--sqlite-url=file:${data}/`,
          `--state-dir=${data}`,
          `--listen-addr=127.0.0.1:${await freePort()}`,
          '--debug-addr=-',
          '--telemetry=disable',
          '--log-level=error',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      second.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      const exited = await Promise.race([
        once(second, 'exit').then(([code]) => code as number),
        new Promise<'running'>((r) => setTimeout(() => r('running'), 15_000)),
      ]);
      if (exited === 'running') second.kill('SIGKILL');
      expect(exited).not.toBe(0);
      expect(exited).not.toBe('running');
      expect(stderr).toContain('is in use by another engine process');
      expect(stderr).toContain(data);
      // The first still answers.
      await withClient(first.url, async (c) => {
        await c
          .db('lock')
          .collection('c')
          .insertOne({ _id: 1 } as Document);
        expect(await c.db('lock').collection('c').countDocuments()).toBe(1);
      });
    } finally {
      await stopEngine(first.child);
    }
    // Once the first has stopped, the directory is free again.
    const again = await start(data);
    await stopEngine(again.child);
  });
});

describe('a database file of another layout', () => {
  it('has its key columns and side tables made again from the documents at start', async () => {
    const data = path.join(dir, 'layout');
    let engine = await start(data);
    await withClient(engine.url, async (client) => {
      const c = client.db('layout').collection<Doc>('c');
      await c.createIndex({ a: 1 });
      await c.createIndex({ tags: 1 });
      await c.insertMany([
        { _id: 1, a: 1, tags: ['x'] },
        { _id: 2, a: 2, tags: ['y'] },
      ]);
    });
    await stopEngine(engine.child);

    // What a build of another layout (or FerretDB as released) leaves: rows whose key
    // columns and side entries are not this build's, and a file not marked as this layout's.
    const file = path.join(
      data,
      readdirSync(data).find((f) => f === 'layout.sqlite')!,
    );
    const sql = (q: string) => execFileSync('sqlite3', [file, q], { encoding: 'utf8' }).trim();
    const table = sql(`SELECT table_name FROM _ferretdb_collections WHERE name = 'c'`);
    sql(`UPDATE "${table}" SET "_ferretdb_r_a" = 2, "_ferretdb_v_a" = NULL WHERE rowid = 1`);
    for (const side of sql(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '${table}__mk_%'`,
    ).split('\n'))
      if (side) sql(`DELETE FROM "${side}"`);
    sql('PRAGMA user_version = 0');

    engine = await start(data);
    try {
      await withClient(engine.url, async (client) => {
        const c = client.db('layout').collection<Doc>('c');
        expect(await c.countDocuments({ a: 1 })).toBe(1);
        expect(await c.countDocuments({ tags: 'x' })).toBe(1);
        expect(
          (
            await c
              .find({ a: { $gte: 1 } })
              .sort({ a: 1 })
              .toArray()
          ).map((d) => d._id),
        ).toEqual([1, 2]);
      });
    } finally {
      await stopEngine(engine.child);
    }
    expect(Number(sql('PRAGMA user_version'))).toBeGreaterThan(0);
  });
});

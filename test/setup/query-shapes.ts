import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';
import { afterAll } from 'vitest';
import {
  describeShape,
  readOfCall,
  serves,
  shapesOfCall,
  type DeclaredIndex,
  type IndexKeys,
  type QueryShape,
  type Read,
} from '../support/query-shapes.js';
import { planVerdict } from '../support/engine-plans.js';

/**
 * Every service test file: each query the stores send (through mongoose's models and
 * collections) is recorded with the indexes the app declared, and after the file each must
 * be served by one of them (equality–sort–range, test/support/query-shapes.ts). Queries a
 * test makes itself to look at the database are not the stores' and are left out, and so
 * is a deliberate scan, which says so in its options (`comment: 'scan: <why>'`).
 *
 * With QUERY_SHAPES_LOG=1 each shape is also explained on the engine under the tests the
 * first time it is sent, with its values, and the log names those the engine read the whole
 * collection for (test/support/engine-plans.ts). A diagnostic, not a verdict: on the tests'
 * tiny collections SQLite may rightly prefer a scan it would not make at size.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const declared = new Map<string, DeclaredIndex[]>();
const queried = new Map<string, { db: string; shape: QueryShape; where: string }>();
/** Each shape's plan on the engine, asked when first sent: a scan names its shape. */
const plans = new Map<string, Promise<string | undefined>>();

/** The nearest frame in the repository's own code, or undefined for a test's own query. */
function callerOf(stack: string): string | undefined {
  const frame = stack
    .split('\n')
    .slice(1)
    .find(
      (line) =>
        line.includes(ROOT) && !line.includes('node_modules') && !line.includes('/test/setup/'),
    );
  if (!frame || /\/test\//.test(frame)) return undefined;
  return frame.trim().replace(/^at /, '').replace(ROOT, '');
}

/** A query that reads a whole collection on purpose (a one-time migration) says so. */
const isDeliberateScan = (arg: unknown) =>
  typeof (arg as { comment?: unknown } | null)?.comment === 'string' &&
  (arg as { comment: string }).comment.startsWith('scan:');

mongoose.set(
  'debug',
  function (
    this: { conn: { name: string } },
    collection: string,
    method: string,
    ...args: unknown[]
  ) {
    const db = this.conn.name;
    if (method === 'createIndex') {
      const [key, options] = args as [IndexKeys, { partialFilterExpression?: object } | undefined];
      const list = declared.get(`${db}.${collection}`) ?? [];
      list.push({ key, partial: options?.partialFilterExpression as DeclaredIndex['partial'] });
      declared.set(`${db}.${collection}`, list);
      return;
    }
    const shapes = shapesOfCall(collection, method, args);
    if (!shapes || args.some(isDeliberateScan)) return;
    const where = callerOf(new Error().stack ?? '');
    if (!where) return;
    for (const shape of shapes)
      queried.set(`${db} ${describeShape(shape)}`, { db, shape, where: `${method} at ${where}` });
    const probe = process.env.QUERY_SHAPES_LOG ? readOfCall(method, args) : undefined;
    const key = `${db} ${shapes.map(describeShape).join(' | ')}`;
    if (probe && !plans.has(key)) plans.set(key, planOf(this.conn, collection, probe, key, where));
  },
);

/** The shape's description when the engine reads the whole collection for it. */
async function planOf(
  conn: unknown,
  collection: string,
  probe: Read,
  key: string,
  where: string,
): Promise<string | undefined> {
  const db = (conn as { db?: import('mongodb').Db }).db;
  if (!db) return undefined;
  const explained = await db
    .collection(collection)
    .find(probe.filter ?? {}, { sort: probe.sort })
    .limit(1)
    .explain('queryPlanner')
    .catch(() => undefined);
  if (!explained || planVerdict(explained, collection) !== 'scan') return undefined;
  return `${key} (${where}): ${JSON.stringify((explained.queryPlanner as { sql?: string }).sql ?? '')}`;
}

afterAll(async () => {
  for (const scan of await Promise.all(plans.values()))
    if (scan) process.stderr.write(`[engine-plan] reads the whole collection: ${scan}\n`);
  plans.clear();
  const unserved = [...queried.values()]
    .filter(
      ({ db, shape }) =>
        ![
          { key: { _id: 1 } } as DeclaredIndex,
          ...(declared.get(`${db}.${shape.collection}`) ?? []),
        ].some((index) => serves(index, shape)),
    )
    .map(({ shape, where }) => `${describeShape(shape)} (${where})`);
  // QUERY_SHAPES_LOG=1: what was checked, one shape a line.
  if (process.env.QUERY_SHAPES_LOG)
    for (const { shape, where } of queried.values())
      process.stderr.write(`[query-shapes] ${describeShape(shape)} (${where})\n`);
  queried.clear();
  declared.clear();
  if (unserved.length > 0)
    throw new Error(`queries no declared index serves:\n  ${[...new Set(unserved)].join('\n  ')}`);
});

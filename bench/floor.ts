import { cpuSnapshot, pidServing } from './cpu-usage.js';
import { startHelper } from './helper-process.js';
import { round, runLoad, type LoadOptions, type LoadResult } from './load.js';
import { ratio, type RawFigures } from './raw.js';
import type { SeededStack } from './seeded-stack.js';

const HABITS = 64;
const WARM_UP_S = 2;

type Kind = 'createTodo' | 'completeHabit' | 'getTask';

export interface FloorRun extends LoadResult {
  /** rps ÷ the raw operation the API's figure 0 stands on, in this run. */
  ratio: number;
  /** CPU ms per request of each process that served it (the floor service, the proxy, the engine, NATS). */
  cpuMs: Record<string, number>;
}

export type FloorFigures = Record<Kind, { viaProxy: FloorRun; direct: FloorRun }>;

/**
 * Figure 13, the floor: creating a to-do, completing a habit and a GET by id as
 * floor-service.mjs makes them (only the engine operations and the publish each must, on
 * habits' indexes, nothing else), straight and through the bare proxy, each as a ratio to
 * the raw operation figure 0 divides the API's by, in the same run. Through the proxy is what
 * any implementation behind a gateway could reach on this machine and this engine.
 */
export async function floorFigures(
  stack: SeededStack,
  raw: RawFigures,
  durationS: number,
): Promise<FloorFigures> {
  const run = stack.dbPrefix.replace(/^bench_/, '').toUpperCase();
  const service = startHelper('./floor-service.mjs', {
    FLOOR_MONGO_URL: stack.mongoUrl,
    FLOOR_DB: `${stack.dbPrefix}_floor`,
    FLOOR_INDEXES_FROM: `${stack.dbPrefix}_habits`,
    FLOOR_NATS_URL: stack.natsUrl,
    // Deleted with the run's other streams (seeded-stack.ts).
    FLOOR_STREAM: `BENCH${run}_FLOOR`,
  });
  const serviceUrl = `http://127.0.0.1:${await service.port}`;
  // The floor service checks no signature: the proxy forwards without one.
  const proxy = startHelper('./bare-proxy.mjs', {
    BARE_PROXY_UPSTREAM: serviceUrl,
    BARE_PROXY_SIGNED: 'false',
  });
  try {
    const proxyUrl = `http://127.0.0.1:${await proxy.port}`;
    const pids: Record<string, number> = { floor: service.child.pid!, proxy: proxy.child.pid! };
    const engine = pidServing(stack.mongoUrl, 27017);
    const nats = pidServing(stack.natsUrl, 4222);
    if (engine) pids.engine = engine;
    if (nats) pids.nats = nats;

    const body = JSON.stringify({ type: 'todo', title: 'Floor figure todo', difficulty: 'easy' });
    const habits: string[] = [];
    for (let i = 0; i < HABITS; i++) {
      const res = await fetch(`${serviceUrl}/api/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'habit',
          title: `Floor habit ${i}`,
          difficulty: 'easy',
          isPositive: true,
        }),
      });
      if (res.status !== 201) throw new Error(`the floor service answered ${res.status}`);
      habits.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    let next = 0;
    const loads: Record<Kind, { options: Omit<LoadOptions, 'url'>; raw: number }> = {
      createTodo: {
        options: { method: 'POST', headers: { 'content-type': 'application/json' }, body },
        raw: raw.insertOne.opsPerS,
      },
      completeHabit: {
        options: {
          requests: [
            {
              method: 'POST',
              setupRequest: (r) => ({
                ...r,
                path: `/api/tasks/${habits[next++ % HABITS]}/complete`,
              }),
            },
          ],
        },
        raw: raw.findOneAndUpdate.opsPerS,
      },
      getTask: {
        options: {
          requests: [
            {
              method: 'GET',
              setupRequest: (r) => ({ ...r, path: `/api/tasks/${habits[next++ % HABITS]}` }),
            },
          ],
        },
        raw: raw.twoFindOnes.opsPerS,
      },
    };
    const measure = async (url: string, kind: Kind): Promise<FloorRun> => {
      const { options, raw: rawRate } = loads[kind];
      await runLoad({ url, ...options, durationS: WARM_UP_S });
      const before = cpuSnapshot(pids);
      const load = await runLoad({ url, ...options, durationS });
      const after = cpuSnapshot(pids);
      if (load.non2xx > 0 || load.errors > 0)
        throw new Error(`the floor's ${kind} had ${load.non2xx} non-2xx, ${load.errors} errors`);
      const cpuMs = Object.fromEntries(
        Object.keys(pids)
          .filter((name) => url === proxyUrl || name !== 'proxy')
          .map((name) => [name, round((after[name]! - before[name]!) / load.requests, 3)]),
      );
      return { ...load, ratio: ratio(load.rps, rawRate), cpuMs };
    };
    const figures = {} as FloorFigures;
    for (const kind of Object.keys(loads) as Kind[])
      figures[kind] = {
        viaProxy: await measure(proxyUrl, kind),
        direct: await measure(serviceUrl, kind),
      };
    return figures;
  } finally {
    await proxy.stop();
    await service.stop();
  }
}

/** Figure 13 as the table prints it, beside the API's figure 0 of the same run. */
export function floorLine(floor: FloorFigures, api: Record<Kind, { ratio: number }>): string {
  const names: Record<Kind, string> = {
    createTodo: 'create ÷ insertOne',
    completeHabit: 'complete ÷ findOneAndUpdate',
    getTask: 'GET ÷ 2×findOne',
  };
  return (Object.keys(names) as Kind[])
    .map((kind) => {
      const f = floor[kind];
      const cpu = Object.values(f.viaProxy.cpuMs).reduce((sum, ms) => sum + ms, 0);
      return (
        `${names[kind]} ${f.viaProxy.ratio} via the proxy (${f.viaProxy.rps} rps, ${round(cpu)} ms CPU), ` +
        `${f.direct.ratio} straight; the API's ${api[kind].ratio} is ${round(api[kind].ratio / f.viaProxy.ratio)} of it`
      );
    })
    .join('; ');
}

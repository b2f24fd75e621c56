import { floorFigures } from './floor.js';
import { runLoad, type LoadResult } from './load.js';
import { rawFigures, ratio, type RawFigures } from './raw.js';
import { gatewayRatio } from './throughput.js';
import { startSeededStack, type SeededStack } from './seeded-stack.js';

const HABITS = 64;

/**
 * The two write paths the storage issue judges against the raw engine: creating a to-do
 * (stands on `insertOne`) and completing a habit (stands on `findOneAndUpdate`), through
 * the gateway with 16 connections. Completions spread over 64 habits, as the raw figure
 * spreads its updates over many documents; one hot habit would measure contention instead.
 */
export async function writeFigures(
  stack: SeededStack,
  durationS: number,
): Promise<{ createTodo: LoadResult; completeHabit: LoadResult }> {
  const auth = { authorization: `Bearer ${stack.user.key}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const createTodo = await runLoad({
    url: `${stack.gatewayUrl}/api/tasks`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ type: 'todo', title: 'Write figure todo', difficulty: 'easy' }),
    durationS,
  });
  const habits: string[] = [];
  for (let i = 0; i < HABITS; i++) {
    const habit = await stack.user.expect(201, 'POST', '/api/tasks', {
      type: 'habit',
      title: `Write figure habit ${i}`,
      difficulty: 'easy',
      isPositive: true,
    });
    habits.push(habit.data.id);
  }
  let next = 0;
  const completeHabit = await runLoad({
    url: stack.gatewayUrl,
    headers: auth,
    durationS,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          path: `/api/tasks/${habits[next++ % HABITS]}/complete`,
        }),
      },
    ],
  });
  return { createTodo, completeHabit };
}

/**
 * Figure 0 alone, on a stack of its own (`BENCH_ONLY=writes`): the raw engine operations,
 * then GET by id (figure 1's runs, also returned), creating a to-do and completing a habit
 * through the gateway, each as a ratio to the operation it stands on, and figure 13's floor
 * of each, measured in this one run. For comparing a change to the write path without the rest of the benchmark.
 */
export async function writeRatios(basePort: number, durationS: number) {
  const stack = await startSeededStack(basePort);
  try {
    const todo = await stack.user.expect(201, 'POST', '/api/tasks', {
      type: 'todo',
      title: 'Read figure todo',
      difficulty: 'easy',
    });
    // Warm the JIT and the caches on the read the first figure makes.
    await runLoad({
      url: `${stack.gatewayUrl}/api/tasks/${todo.data.id}`,
      headers: { authorization: `Bearer ${stack.user.key}` },
      amount: 5000,
    });
    const raw = await rawFigures(stack, durationS);
    const gateway = await gatewayRatio(stack, todo.data.id);
    const writes = await writeFigures(stack, durationS);
    const floor = await floorFigures(stack, raw, durationS);
    return { raw, ...overRaw(raw, gateway.viaGateway, writes), gatewayOverDirect: gateway, floor };
  } finally {
    await stack.stop();
  }
}

/** Figure 0: each API figure beside the raw operation it stands on, as a ratio and its target. */
export function overRaw(
  raw: RawFigures,
  getTask: LoadResult,
  writes: { createTodo: LoadResult; completeHabit: LoadResult },
) {
  return {
    getTask: { ...getTask, ratio: ratio(getTask.rps, raw.twoFindOnes.opsPerS), target: '≥ 0.60' },
    createTodo: {
      ...writes.createTodo,
      ratio: ratio(writes.createTodo.rps, raw.insertOne.opsPerS),
      target: '≥ 0.20',
    },
    completeHabit: {
      ...writes.completeHabit,
      ratio: ratio(writes.completeHabit.rps, raw.findOneAndUpdate.opsPerS),
      target: '≥ 0.20',
    },
  };
}

import { runLoad, type LoadResult } from './load.js';
import type { World } from './world.js';

const HABITS = 64;

/**
 * The two write paths the storage issue judges against the raw engine: creating a to-do
 * (stands on `insertOne`) and completing a habit (stands on `findOneAndUpdate`), through
 * the gateway with 16 connections. Completions spread over 64 habits, as the raw figure
 * spreads its updates over many documents; one hot habit would measure contention instead.
 */
export async function writeFigures(
  world: World,
  durationS: number,
): Promise<{ createTodo: LoadResult; completeHabit: LoadResult }> {
  const auth = { authorization: `Bearer ${world.user.key}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const createTodo = await runLoad({
    url: `${world.gatewayUrl}/api/tasks`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ type: 'todo', title: 'Write figure todo', difficulty: 'easy' }),
    durationS,
  });
  const habits: string[] = [];
  for (let i = 0; i < HABITS; i++) {
    const habit = await world.user.expect(201, 'POST', '/api/tasks', {
      type: 'habit',
      title: `Write figure habit ${i}`,
      difficulty: 'easy',
      isPositive: true,
    });
    habits.push(habit.data.id);
  }
  let next = 0;
  const completeHabit = await runLoad({
    url: world.gatewayUrl,
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

import { Seeder, varyDates } from './seed.js';
import { sequentialP50, round } from './load.js';
import type { World } from './world.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);

export interface ScalePoint {
  documents: number;
  taskListP50: number;
  issueListP50: number;
  searchP50: number;
}

/** Templates copied to grow the collections, made through the API. */
export interface ScaleTemplates {
  todoId: string;
  issueId: string;
  issueNumber: number;
}

export async function makeTemplates(world: World): Promise<ScaleTemplates> {
  const todo = await world.user.expect(201, 'POST', '/api/tasks', {
    type: 'todo',
    title: 'Scale todo',
    difficulty: 'easy',
  });
  const issue = await world.user.expect(201, 'POST', '/api/tasks', {
    projectId: world.projectId,
    title: 'Scale issue about the alpine deployment',
    description: 'Seeded for the scaling figure',
  });
  return {
    todoId: todo.data.id,
    issueId: issue.data.id,
    issueNumber: Number(String(issue.data.identifier).split('-')[1]),
  };
}

/** Grows the task and issue collections by `count` copies each. */
export async function grow(
  world: World,
  templates: ScaleTemplates,
  count: number,
  offset: number,
): Promise<void> {
  const seeder = await Seeder.connect(world.mongoUrl);
  try {
    await seeder.cloneMany(
      `${world.dbPrefix}_habits`,
      'tasks',
      templates.todoId,
      count,
      (doc, i) => {
        doc.title = `Scale todo ${offset + i}`;
        varyDates(doc, offset + i);
      },
    );
    await seeder.cloneMany(
      `${world.dbPrefix}_issues`,
      'issues',
      templates.issueId,
      count,
      (doc, i) => {
        // Identifiers stay unique: copies take numbers far above what the API hands out.
        const number = 1_000_000 + offset + i;
        if ('number' in doc) doc.number = number;
        if (typeof doc.identifier === 'string')
          doc.identifier = doc.identifier.replace(/-\d+$/, `-${number}`);
        varyDates(doc, offset + i);
      },
    );
  } finally {
    await seeder.close();
  }
}

/** p50 of the first page of the task list, the issue list and a search, sequentially. */
export async function measure(world: World, documents: number): Promise<ScalePoint> {
  const get = (path: string) => async () => {
    const reply = await world.user.call('GET', path);
    if (reply.status !== 200) throw new Error(`GET ${path} → ${reply.status}`);
  };
  return {
    documents,
    taskListP50: round(await sequentialP50(SAMPLES, get('/api/tasks?limit=20'))),
    issueListP50: round(
      await sequentialP50(SAMPLES, get(`/api/tasks?projectId=${world.projectId}&limit=20`)),
    ),
    searchP50: round(
      await sequentialP50(
        SAMPLES,
        get(`/api/tasks/search?q=alpine%20depl&projectId=${world.projectId}`),
      ),
    ),
  };
}

export function scalingRatios(small: ScalePoint, large: ScalePoint) {
  return {
    taskList: { ratio: round(large.taskListP50 / small.taskListP50), target: '≤ 2' },
    issueList: { ratio: round(large.issueListP50 / small.issueListP50), target: '≤ 2' },
    search: { ratio: round(large.searchP50 / small.searchP50), target: '≤ 3' },
  };
}

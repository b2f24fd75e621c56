import { IssueStatuses } from '@momentum/contracts';
import { Seeder, varyDates } from './seed.js';
import { sequentialP50, round } from './load.js';
import { storedBytes, storedBytesLine, type StoredBytes } from './storage.js';
import { startSeededStack, type SeededStack } from './seeded-stack.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);

/** Words the seeded issues' titles take in turn: a search for one matches 1 in WORDS.length. */
const WORDS = ['alpine', 'boreal', 'cobalt', 'delta', 'ember', 'fjord', 'garnet', 'harbor'];
const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;

export interface ScalePoint {
  documents: number;
  /** `GET /api/tasks/:id`, the yardstick of a first page. */
  getTaskP50: number;
  taskListP50: number;
  issueListP50: number;
  projectListP50: number;
  searchP50: number;
  /** `GET /api/tasks/:id` of an issue: its page (newest comments and activity). */
  issuePageP50: number;
  /** Bytes on disk per issue and per task at this size (issue 53: an issue ≤ 10 KB). */
  stored: { issue: StoredBytes; task: StoredBytes };
}

/**
 * The sizes figure 3 measures, ascending: `BENCH_SCALING_SIZES` (comma-separated, e.g.
 * `1000,100000,1000000`), else `BENCH_SMALL` and `BENCH_LARGE`. Ratios compare the first
 * and the last.
 */
export function scalingSizes(env: NodeJS.ProcessEnv = process.env): number[] {
  const given = env.BENCH_SCALING_SIZES?.split(',').map((s) => Number(s.trim()));
  const sizes = given ?? [Number(env.BENCH_SMALL ?? 1000), Number(env.BENCH_LARGE ?? 100_000)];
  if (
    sizes.length < 2 ||
    sizes.some((n, i) => !Number.isInteger(n) || n < 1 || n <= (sizes[i - 1] ?? 0))
  )
    throw new Error(
      `BENCH_SCALING_SIZES: two or more ascending counts, not ${env.BENCH_SCALING_SIZES}`,
    );
  return sizes;
}

/** Documents made through the API, copied to grow the collections. */
export interface ScaleTemplates {
  todoId: string;
  /** Issues of every status, priority and title word, so filters and searches are selective. */
  issueIds: string[];
  projectId: string;
}

export async function makeTemplates(stack: SeededStack): Promise<ScaleTemplates> {
  const todo = await stack.user.expect(201, 'POST', '/api/tasks', {
    type: 'todo',
    title: 'Scale todo',
    difficulty: 'easy',
  });
  const issueIds: string[] = [];
  // Every word, status and priority in turn over the least common multiple of their counts
  // (120), so each status holds every priority alike. Fewer templates tied them together
  // (no urgent issue was ever `todo`), and the status-filtered list by priority then read a
  // fifth of the project before its first row: a shape of the seed, not of real data.
  const templates = lcm(WORDS.length, IssueStatuses.length, PRIORITIES.length);
  for (let i = 0; i < templates; i++) {
    const issue = await stack.user.expect(201, 'POST', '/api/tasks', {
      projectId: stack.projectId,
      title: `Scale issue about the ${WORDS[i % WORDS.length]} deployment`,
      description: 'Seeded for the scaling figure',
      status: IssueStatuses[i % IssueStatuses.length],
      priority: PRIORITIES[i % PRIORITIES.length],
    });
    issueIds.push(issue.data.id);
  }
  return { todoId: todo.data.id, issueIds, projectId: stack.projectId };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (...ns: number[]) => ns.reduce((a, b) => (a * b) / gcd(a, b));

/** Grows the tasks, issues and projects by `count` copies each. */
export async function grow(
  stack: SeededStack,
  templates: ScaleTemplates,
  count: number,
  offset: number,
): Promise<void> {
  const seeder = await Seeder.connect(stack.mongoUrl);
  try {
    // Side by side: each service's database is a file of its own on the local engine, so the
    // three copies write at once (a million of each takes an hour one after the other).
    await Promise.all([
      seeder.cloneMany(`${stack.dbPrefix}_habits`, 'tasks', [templates.todoId], count, (doc, i) => {
        doc.title = `Scale todo ${offset + i}`;
        varyDates(doc, offset + i);
      }),
      seeder.cloneMany(
        `${stack.dbPrefix}_issues`,
        'issues',
        templates.issueIds,
        count,
        (doc, i) => {
          // Identifiers stay unique: copies take numbers far above what the API hands out.
          const number = 1_000_000 + offset + i;
          doc.number = number;
          doc.identifier = String(doc.identifier).replace(/-\d+$/, `-${number}`);
          varyDates(doc, offset + i);
        },
      ),
      seeder.cloneMany(
        `${stack.dbPrefix}_projects`,
        'projects',
        [templates.projectId],
        count,
        (doc, i) => {
          // Slugs and keys are unique in a team.
          const n = offset + i;
          doc.name = `Scale project ${n}`;
          doc.slug = `scale-project-${n}`;
          doc.key = `S${n.toString(36).toUpperCase()}`.slice(0, 10);
          varyDates(doc, n);
        },
      ),
    ]);
  } finally {
    await seeder.close();
  }
}

/**
 * p50 of a task by id and of the first page of: the owner's task list, a project's issues of
 * one status by priority, the team's projects, and a search that matches one issue in eight.
 */
export async function measure(
  stack: SeededStack,
  templates: ScaleTemplates,
  documents: number,
): Promise<ScalePoint> {
  const p50 = async (path: string) =>
    round(
      await sequentialP50(SAMPLES, async () => {
        const reply = await stack.user.call('GET', path);
        if (reply.status !== 200) throw new Error(`GET ${path} → ${reply.status}`);
      }),
    );
  return {
    documents,
    getTaskP50: await p50(`/api/tasks/${templates.todoId}`),
    taskListP50: await p50('/api/tasks?limit=20'),
    issueListP50: await p50(
      `/api/tasks?projectId=${stack.projectId}&status=todo&sort=-priority&limit=20`,
    ),
    projectListP50: await p50(`/api/projects?teamId=${stack.teamId}`),
    searchP50: await p50(`/api/tasks/search?q=${WORDS[1]}&projectId=${stack.projectId}`),
    issuePageP50: await p50(`/api/tasks/${templates.issueIds[0]}`),
    stored: await storedBytes(stack.mongoUrl, stack.dbPrefix),
  };
}

export const LISTS = ['taskList', 'issueList', 'projectList', 'search', 'issuePage'] as const;

/** Each list at the large size over the small (target ≤ 2) and over a GET by id (≤ 3). */
export function scalingRatios(small: ScalePoint, large: ScalePoint) {
  return Object.fromEntries(
    LISTS.map((list) => {
      const key = `${list}P50` as const;
      return [
        list,
        {
          ratio: round(large[key] / small[key]),
          overGet: round(large[key] / large.getTaskP50),
          target: 'ratio ≤ 2, overGet ≤ 3',
        },
      ];
    }),
  );
}

const step = (what: string) => process.stderr.write(`[bench] ${what}\n`);

/**
 * Figure 3 on a stack of its own (BENCH_ONLY=scaling): the first pages at each size, the
 * collections grown from one size to the next.
 */
export async function scalingFigure(basePort: number, sizes: readonly number[]) {
  const stack = await startSeededStack(basePort);
  try {
    const templates = await makeTemplates(stack);
    const points: ScalePoint[] = [];
    let stored = 0;
    for (const size of sizes) {
      await grow(stack, templates, size - stored, stored);
      stored = size;
      // The first point once unrecorded: a stack just started answered its first size with
      // a cold JIT and caches (GET by id 7.7 ms at 1,000, 2.9 at 100,000 in one run), which
      // made every ratio look better than it is.
      if (!points.length) await measure(stack, templates, size);
      step(`3. scaling at ${size}`);
      const point = await measure(stack, templates, size);
      // Each point as it is measured: a run at a million documents takes hours, and one cut
      // short still tells what it reached.
      step(
        `3. at ${size}: ${LISTS.map((l) => `${l} ${point[`${l}P50`]}`).join(', ')}, GET ${point.getTaskP50} (p50 ms); on disk ${storedBytesLine(point.stored)}`,
      );
      points.push(point);
    }
    const [small, large] = [points[0]!, points.at(-1)!];
    return { small, large, points, ratios: scalingRatios(small, large) };
  } finally {
    await stack.stop();
  }
}

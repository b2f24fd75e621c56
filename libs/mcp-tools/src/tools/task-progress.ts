import { z } from 'zod';
import { callApi } from '../results.js';
import { CREATE, REMOVE, defineTool } from '../define.js';
import { UpdatedTask } from '../shapes.js';
import { uuid } from '../fields.js';

interface Completion {
  task: { id: string; streak: number; updatedAt: string };
  xpEarned: number;
  newLevel: number;
  leveledUp: boolean;
}

export const completeTask = defineTool({
  name: 'complete_task',
  title: 'Complete a habit, daily or to-do',
  description:
    'Marks a personal task done for today: its streak rises and XP is awarded (more for harder tasks and longer ' +
    'streaks), which may raise the level. A positive habit can be completed many times a day (repeats earn less); ' +
    'a negative habit records a slip (streak back to 0, no XP); a daily once per day and a to-do once ' +
    '(again is CONFLICT). Returns xpEarned, newLevel, leveledUp and the new streak. ' +
    'Issues are not completed this way: set their status with update_task.',
  inputSchema: { id: uuid('The habit, daily or to-do to complete') },
  outputSchema: {
    xpEarned: z
      .number()
      .describe('XP this completion earned, streak bonus included (0 for a slip)'),
    newLevel: z.number().describe("The user's level after it"),
    leveledUp: z.boolean().describe('True on the completion that reached a new level'),
    streak: z.number().describe("The task's streak after it"),
    task: z
      .object({
        id: z.string().describe('UUID'),
        streak: z.number().describe('The new streak'),
        updatedAt: z.string().describe('ISO 8601 timestamp'),
      })
      .describe('The completed task'),
  },
  annotations: CREATE,
  surface: 'in-app',
  scopes: ['tasks:write'],
  run: ({ id }, api) =>
    callApi(api.POST('/api/tasks/{id}/complete', { params: { path: { id } } }), (data) => {
      const { task, xpEarned, newLevel, leveledUp } = data as Completion;
      // Picked by name: the result's schema is closed at the top, and the service may add fields.
      return {
        xpEarned,
        newLevel,
        leveledUp,
        streak: task.streak,
        task: { id: task.id, streak: task.streak, updatedAt: task.updatedAt },
      };
    }),
});

export const archiveTask = defineTool({
  name: 'archive_task',
  title: 'Archive a habit, daily or to-do',
  description:
    'Archives a personal task: it is kept with its history but leaves the default task lists ' +
    '(list_tasks with archived: true still shows it), and it can still be completed. ' +
    'Undo with update_task and archived: false. Issues are not archived: set their status (e.g. cancelled) with update_task.',
  inputSchema: { id: uuid('The habit, daily or to-do to archive') },
  outputSchema: { task: UpdatedTask },
  annotations: REMOVE,
  surface: 'in-app',
  scopes: ['tasks:write'],
  // PATCH rather than DELETE: on the shared /api/tasks/:id an issue's DELETE removes the
  // issue, whereas PATCH { archived } is refused for one (422), so a wrong id loses nothing.
  run: ({ id }, api) =>
    callApi(
      api.PATCH('/api/tasks/{id}', { params: { path: { id } }, body: { archived: true } }),
      (data) => ({ task: data }),
    ),
});

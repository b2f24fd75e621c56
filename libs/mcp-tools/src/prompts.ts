import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from './api-client.js';

/** A REST read for a prompt's context: its data, or a line saying why it is missing. */
async function context(client: ApiClient, path: string): Promise<string> {
  try {
    const res = await client.request('GET', path);
    if (res.status === 200) return JSON.stringify(res.body, null, 2);
    return `(GET ${path} answered ${res.status}: ${JSON.stringify(res.body)})`;
  } catch (err) {
    return `(GET ${path} failed: ${err instanceof Error ? err.message : String(err)})`;
  }
}

const user = (text: string): GetPromptResult['messages'][number] => ({
  role: 'user',
  content: { type: 'text', text },
});

/**
 * Prompts a person reaches for, on both surfaces. Each one reads what it needs under the
 * caller's key when it is asked for, so the model starts from the caller's data, and names
 * the tools that act on it.
 */
export function registerPrompts(server: McpServer, client: ApiClient): void {
  server.registerPrompt(
    'triage_inbox',
    {
      title: 'Triage my inbox',
      description:
        'Sort the unread notifications into what needs me now, what can wait and what to mark read',
      argsSchema: {
        focus: z
          .string()
          .max(200)
          .optional()
          .describe('What matters most right now, e.g. a project key or "reviews"'),
      },
    },
    async ({ focus }) => {
      const inbox = await context(client, '/api/notifications?unread=true');
      return {
        description: 'Triage of the unread inbox',
        messages: [
          user(
            [
              'Here are my unread Momentum notifications (newest first):',
              inbox,
              '',
              'Triage them: group them into "needs me now", "can wait" and "just FYI". For each',
              'give the issue identifier and one line on why. Suggest which to mark read, and for',
              'anything that needs me, the next step (read the issue with get_task, comment with',
              'add_comment, change it with update_task).',
              focus ? `Put what concerns ${focus} first.` : '',
            ].join('\n'),
          ),
        ],
      };
    },
  );
  server.registerPrompt(
    'plan_my_day',
    {
      title: 'Plan my day',
      description: 'A plan for today from my dailies and open to-dos, with the time I have',
      argsSchema: {
        hours: z
          .string()
          .regex(/^\d{1,2}(\.\d)?$/, { message: 'a number of hours, e.g. 6 or 4.5' })
          .optional()
          .describe('How many hours I can work today, e.g. "6"'),
      },
    },
    async ({ hours }) => {
      const [dailies, todos] = await Promise.all([
        context(client, '/api/tasks?type=daily&limit=100'),
        context(client, '/api/tasks?type=todo&limit=100'),
      ]);
      return {
        description: 'A plan for today',
        messages: [
          user(
            [
              'My dailies:',
              dailies,
              '',
              'My open to-dos:',
              todos,
              '',
              `Plan my day${hours ? ` in ${hours} hours` : ''}: the dailies due today first (keep`,
              'the streaks), then the to-dos by due date and difficulty. Give an ordered list with',
              'a rough time for each, and say what does not fit. When I finish one, complete it',
              'with complete_task.',
            ].join('\n'),
          ),
        ],
      };
    },
  );
  server.registerPrompt(
    'write_up_issue',
    {
      title: 'Write up an issue',
      description: 'Turn rough notes into a clear issue in a project, ready to create',
      argsSchema: {
        projectId: z.string().min(1).describe('The project the issue goes into (its id)'),
        notes: z
          .string()
          .min(1)
          .max(10_000)
          .describe('What happened or what is wanted, in any form: a bug report, a chat excerpt'),
      },
    },
    async ({ projectId, notes }) => {
      const project = await context(client, `/api/projects/${encodeURIComponent(projectId)}`);
      return {
        description: 'An issue written up from notes',
        messages: [
          user(
            [
              'The project:',
              project,
              '',
              'My notes:',
              notes,
              '',
              'Write this up as an issue: a short imperative title, a description with context,',
              'steps to reproduce or acceptance criteria, and a priority (urgent, high, medium,',
              'low or none) with one line of why. Show it to me, then create it with create_task',
              `(projectId "${projectId}") once I agree.`,
            ].join('\n'),
          ),
        ],
      };
    },
  );
}

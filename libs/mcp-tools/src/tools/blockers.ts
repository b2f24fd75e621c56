import { callApi, callApiForNothing } from '../results.js';
import { CREATE, REMOVE, defineTool } from '../define.js';
import { Blocker, Blockers } from '../shapes.js';
import { taskRef } from '../fields.js';

export const addBlocker = defineTool({
  name: 'add_blocker',
  title: 'Mark an issue as blocked',
  description:
    'Records that an issue is blocked by another issue of a project the caller reaches (a dependency). ' +
    'Refused for the issue itself (VALIDATION_ERROR), an existing relation and any cycle (CONFLICT, with the path). ' +
    'The change appears in both issues’ activity.',
  inputSchema: {
    issueId: taskRef('The issue that is blocked'),
    blockedById: taskRef('The issue that blocks it'),
  },
  outputSchema: { blocker: Blocker },
  annotations: CREATE,
  surface: 'in-app',
  scopes: ['issues:write'],
  run: ({ issueId, blockedById }, api) =>
    callApi(
      api.POST('/api/tasks/{issueId}/blockers', {
        params: { path: { issueId } },
        body: { blockedById },
      }),
      (data) => ({ blocker: data }),
    ),
});

export const removeBlocker = defineTool({
  name: 'remove_blocker',
  title: 'Remove a blocker',
  description:
    'Removes a blocker relation of an issue, named by the relation id (see get_task blockedBy and blocking) ' +
    'or by the other issue’s id. The change appears in both issues’ activity. Returns the blocker relations ' +
    'the issue still has.',
  inputSchema: {
    issueId: taskRef('The issue whose blocker relation to remove'),
    blockerId: taskRef('The relation id, or the other issue'),
  },
  outputSchema: { blockers: Blockers },
  annotations: REMOVE,
  surface: 'in-app',
  scopes: ['issues:write'],
  run: async ({ issueId, blockerId }, api) => {
    const failed = await callApiForNothing(
      api.DELETE('/api/tasks/{issueId}/blockers/{blockerId}', {
        params: { path: { issueId, blockerId } },
      }),
    );
    if (failed) return failed;
    return callApi(
      api.GET('/api/tasks/{issueId}/blockers', { params: { path: { issueId } } }),
      (data) => ({ blockers: data }),
    );
  },
});

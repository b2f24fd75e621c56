/**
 * The tools each MCP surface offers: what the registry's unit test and the e2e tests of
 * both surfaces expect to be listed.
 */
export const IN_APP_TOOLS = [
  'list_projects',
  'get_project',
  'list_tasks',
  'get_task',
  'create_task',
  'update_task',
  'search_tasks',
  'add_comment',
  'get_me',
  // Beyond the contract's nine: completing and archiving tasks, blockers, webhooks, the inbox.
  'complete_task',
  'archive_task',
  'add_blocker',
  'remove_blocker',
  'list_webhooks',
  'create_webhook',
  'list_notifications',
  'mark_notifications_read',
  // Issue 52: who is who in a team ("assign it to Ada").
  'list_members',
  'find_person',
];

/** The standalone server's: the in-app tools, and projects and teams to start from. */
export const STANDALONE_TOOLS = [...IN_APP_TOOLS, 'create_project', 'list_teams'];

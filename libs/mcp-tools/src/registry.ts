import type { ToolDefinition, Surface } from './define.js';
import { createProject, getProject, listProjects } from './tools/projects.js';
import { getTask, listTasks, searchTasks } from './tools/tasks-read.js';
import { addComment, createTask, updateTask } from './tools/tasks-write.js';
import { archiveTask, completeTask } from './tools/task-progress.js';
import { addBlocker, removeBlocker } from './tools/blockers.js';
import { getMe, listTeams } from './tools/identity.js';
import { findPerson, listMembers } from './tools/people.js';
import { createWebhook, listWebhooks } from './tools/webhooks.js';
import { listNotifications, markNotificationsRead } from './tools/notifications.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of tools with differing schemas
export type AnyTool = ToolDefinition<any, any>;

/**
 * Every tool, in the order they are listed to clients: the contract's nine on both surfaces
 * (plus create_project and list_teams on the standalone server), and beyond it what a person
 * running habits and issues through an assistant would miss: completing and archiving a
 * task, adding and removing a blocker, listing and creating webhooks, reading and clearing the
 * caller's inbox.
 */
export const TOOLS: readonly AnyTool[] = [
  listProjects,
  getProject,
  createProject,
  listTasks,
  getTask,
  createTask,
  updateTask,
  completeTask,
  archiveTask,
  searchTasks,
  addComment,
  addBlocker,
  removeBlocker,
  getMe,
  listTeams,
  listWebhooks,
  createWebhook,
  listNotifications,
  markNotificationsRead,
  listMembers,
  findPerson,
];

/** The tools a surface offers: in-app the shared ones, standalone all of them. */
export const toolsFor = (surface: Surface): AnyTool[] =>
  TOOLS.filter((tool) => surface === 'standalone' || tool.surface === 'in-app');

/**
 * Whether a key holding `scopes` (null: unknown, or every scope) may be shown the tool. The
 * gateway still judges each call: a tool shown for one scope may meet the other's 403.
 */
export const toolAllowed = (tool: AnyTool, scopes: readonly string[] | null): boolean =>
  scopes === null || tool.scopes.length === 0 || tool.scopes.some((s) => scopes.includes(s));

import type { ToolDefinition, Surface } from './define.js';
import { createProject, getProject, listProjects } from './tools/projects.js';
import { getTask, listTasks, searchTasks } from './tools/tasks-read.js';
import { addComment, createTask, updateTask } from './tools/tasks-write.js';
import { getMe, listTeams } from './tools/identity.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of tools with differing schemas
export type AnyTool = ToolDefinition<any, any>;

/** Every tool, in the order they are listed to clients. */
export const TOOLS: readonly AnyTool[] = [
  listProjects,
  getProject,
  createProject,
  listTasks,
  getTask,
  createTask,
  updateTask,
  searchTasks,
  addComment,
  getMe,
  listTeams,
];

/** The tools a surface offers: in-app gets the nine shared ones, standalone all eleven. */
export const toolsFor = (surface: Surface): AnyTool[] =>
  TOOLS.filter((tool) => surface === 'standalone' || tool.surface === 'in-app');

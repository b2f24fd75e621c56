import { z } from 'zod';
import { callApi } from '../results.js';
import { READ, defineTool } from '../define.js';
import { Me, Team } from '../shapes.js';

export const getMe = defineTool({
  name: 'get_me',
  title: 'Who am I',
  description:
    'Reports who the caller acts as: a user, or an agent (with its owner) when connected with an agent key, and the teams it reaches.',
  inputSchema: {},
  outputSchema: { me: Me },
  annotations: READ,
  surface: 'in-app',
  scopes: [],
  run: (_args, api) => callApi(api.GET('/api/me'), (data) => ({ me: data })),
});

export const listTeams = defineTool({
  name: 'list_teams',
  title: 'List teams',
  description: 'Lists the teams the caller belongs to; a team id is needed to create a project.',
  inputSchema: {},
  outputSchema: { teams: z.array(Team).describe('The teams') },
  annotations: READ,
  surface: 'standalone',
  scopes: ['teams:read'],
  run: (_args, api) => callApi(api.GET('/api/teams'), (data) => ({ teams: data })),
});

import { adminKey, api, newTeam, newUser, type TestUser } from './e2e.js';

/** The actors of docs/AUTHORIZATION.md, by column name, and what cells need to make fixtures. */
export interface AuthWorld {
  keys: Record<string, string | null>;
  owner: TestUser;
  teamId: string;
  projectId: string;
}

async function ok(status: number, call: Promise<{ status: number; body: any; text: string }>) {
  const res = await call;
  if (res.status !== status) throw new Error(`set-up call answered ${res.status}: ${res.text}`);
  return res.body;
}

async function agentWithKey(owner: TestUser, teamId: string): Promise<{ id: string; key: string }> {
  const agent = await ok(
    201,
    api(owner.apiKey, 'POST', '/api/agents', { name: `Bot ${Date.now()}`, teamId }),
  );
  const minted = await ok(201, api(owner.apiKey, 'POST', `/api/agents/${agent.data.id}/api-key`));
  return { id: agent.data.id, key: minted.data.apiKey };
}

export async function buildAuthWorld(): Promise<AuthWorld> {
  const [owner, member, outsider] = await Promise.all([
    newUser('Owner'),
    newUser('Member'),
    newUser('Outsider'),
  ]);
  const team = await newTeam(owner, [member]);
  const otherTeam = await newTeam(outsider);
  const teamAgent = await agentWithKey(owner, team.id);
  const otherAgent = await agentWithKey(outsider, otherTeam.id);
  const inactive = await agentWithKey(owner, team.id);
  await ok(200, api(owner.apiKey, 'PATCH', `/api/agents/${inactive.id}`, { isActive: false }));
  const project = await ok(
    201,
    api(owner.apiKey, 'POST', '/api/projects', { teamId: team.id, name: 'Matrix' }),
  );
  return {
    keys: {
      owner: owner.apiKey,
      member: member.apiKey,
      outsider: outsider.apiKey,
      'team agent': teamAgent.key,
      'other agent': otherAgent.key,
      'inactive agent': inactive.key,
      admin: adminKey(),
      'no key': null,
    },
    owner,
    teamId: team.id,
    projectId: project.data.id,
  };
}

/** Makes the placeholders a row names (`:task`, `:issue`, …), fresh for one cell. */
export async function makeFixtures(
  world: AuthWorld,
  names: Set<string>,
): Promise<Record<string, string>> {
  const key = world.owner.apiKey;
  const made: Record<string, string> = { team: world.teamId };
  const create = async (path: string, body: unknown) =>
    (await ok(201, api(key, 'POST', path, body))).data.id as string;
  const todo = { type: 'todo', title: 'Fixture', difficulty: 'easy' };
  if (names.has('task')) made.task = await create('/api/tasks', todo);
  if (names.has('teamTask'))
    made.teamTask = await create('/api/tasks', { ...todo, teamId: world.teamId });
  if (names.has('project'))
    made.project = await create('/api/projects', { teamId: world.teamId, name: 'Fixture' });
  if (names.has('user')) made.user = (await newUser('Newcomer')).id;
  if (names.has('agent')) made.agent = await create('/api/agents', { name: 'Fixture agent' });
  if (names.has('issue') || names.has('comment') || names.has('blocker')) {
    made.issue = await create('/api/tasks', { projectId: world.projectId, title: 'Fixture issue' });
  }
  if (names.has('issue2') || names.has('blocker')) {
    made.issue2 = await create('/api/tasks', {
      projectId: world.projectId,
      title: 'Fixture blocker',
    });
  }
  if (names.has('comment'))
    made.comment = await create(`/api/tasks/${made.issue}/comments`, { body: 'Mine' });
  if (names.has('blocker'))
    made.blocker = await create(`/api/tasks/${made.issue}/blockers`, { blockedById: made.issue2 });
  // Webhooks on events the matrix never causes, so no delivery is attempted to the dead port.
  const hook = { url: 'http://127.0.0.1:9/hook' };
  if (names.has('webhook'))
    made.webhook = await create('/api/webhooks', { ...hook, events: ['user.leveled_up'] });
  if (names.has('teamWebhook'))
    made.teamWebhook = await create('/api/webhooks', {
      ...hook,
      events: ['membership.removed'],
      teamId: world.teamId,
    });
  return made;
}

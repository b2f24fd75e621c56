import { adminKey, api, newTeam, newUser, type TestUser } from './e2e.js';

/** The actors of docs/AUTHORIZATION.md, by column name, and what cells need to make fixtures. */
export interface AuthorizationActors {
  keys: Record<string, string | null>;
  owner: TestUser;
  outsider: TestUser;
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

export async function buildAuthorizationActors(): Promise<AuthorizationActors> {
  const [owner, member, outsider, teamAdmin] = await Promise.all([
    newUser('Owner'),
    newUser('Member'),
    newUser('Outsider'),
    newUser('Team admin'),
  ]);
  const team = await newTeam(owner, [member]);
  await ok(
    201,
    api(owner.apiKey, 'POST', `/api/teams/${team.id}/members`, {
      userId: teamAdmin.id,
      role: 'admin',
    }),
  );
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
      'team admin': teamAdmin.apiKey,
      'team agent': teamAgent.key,
      'other agent': otherAgent.key,
      'inactive agent': inactive.key,
      admin: adminKey(),
      'no key': null,
    },
    owner,
    outsider,
    teamId: team.id,
    projectId: project.data.id,
  };
}

/** Makes the placeholders a row names (`:task`, `:issue`, …), fresh for one cell. */
export async function makeFixtures(
  actors: AuthorizationActors,
  names: Set<string>,
): Promise<Record<string, string>> {
  const key = actors.owner.apiKey;
  const made: Record<string, string> = { team: actors.teamId };
  const create = async (path: string, body: unknown) =>
    (await ok(201, api(key, 'POST', path, body))).data.id as string;
  const todo = { type: 'todo', title: 'Fixture', difficulty: 'easy' };
  if (names.has('task')) made.task = await create('/api/tasks', todo);
  if (names.has('teamTask'))
    made.teamTask = await create('/api/tasks', { ...todo, teamId: actors.teamId });
  if (names.has('project'))
    made.project = await create('/api/projects', { teamId: actors.teamId, name: 'Fixture' });
  if (names.has('user')) made.user = (await newUser('Newcomer')).id;
  const addToTeam = async (role: string) => {
    const user = await newUser(`A ${role}`);
    await ok(
      201,
      api(key, 'POST', `/api/teams/${actors.teamId}/members`, { userId: user.id, role }),
    );
    return user.id;
  };
  if (names.has('member')) made.member = await addToTeam('member');
  if (names.has('coOwner')) made.coOwner = await addToTeam('owner');
  if (names.has('invitation'))
    made.invitation = await create(`/api/teams/${actors.teamId}/invitations`, {
      userId: (await newUser('Invitee')).id,
    });
  if (names.has('outsiderInvitation')) {
    const fresh = await create('/api/teams', { name: 'Inviting' });
    made.outsiderInvitation = await create(`/api/teams/${fresh}/invitations`, {
      userId: actors.outsider.id,
    });
  }
  if (names.has('agent')) made.agent = await create('/api/agents', { name: 'Fixture agent' });
  if (names.has('issue') || names.has('comment') || names.has('blocker')) {
    made.issue = await create('/api/tasks', {
      projectId: actors.projectId,
      title: 'Fixture issue',
    });
  }
  if (names.has('issue2') || names.has('blocker')) {
    made.issue2 = await create('/api/tasks', {
      projectId: actors.projectId,
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
      teamId: actors.teamId,
    });
  return made;
}

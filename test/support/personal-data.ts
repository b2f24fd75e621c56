import { MongoClient } from 'mongodb';
import { ERASING_SERVICES } from '@momentum/contracts';
import { api, type TestUser } from './e2e.js';

/**
 * A person who made something in every service, for the export and erasure tests: in a
 * team of `teammate`'s, a project they lead, an issue and a comment, a completed to-do and a
 * habit, an agent, a personal webhook, a notification (the teammate mentions them) and a
 * second key.
 */
export async function seedEverywhere(person: TestUser, teammate: TestUser) {
  const must = async (
    status: number,
    call: Promise<{ status: number; body: any; text: string }>,
  ) => {
    const res = await call;
    if (res.status !== status) throw new Error(`seeding: ${res.status} ${res.text}`);
    return res.body.data;
  };
  const team = await must(
    201,
    api(teammate.apiKey, 'POST', '/api/teams', { name: `Shared ${Date.now()}` }),
  );
  await must(
    201,
    api(teammate.apiKey, 'POST', `/api/teams/${team.id}/members`, { userId: person.id }),
  );
  const project = await must(
    201,
    api(person.apiKey, 'POST', '/api/projects', {
      teamId: team.id,
      name: 'Led by them',
      leadId: person.id,
    }),
  );
  const issue = await must(
    201,
    api(person.apiKey, 'POST', '/api/tasks', { projectId: project.id, title: 'Their issue' }),
  );
  const others = await must(
    201,
    api(teammate.apiKey, 'POST', '/api/tasks', {
      projectId: project.id,
      title: 'Assigned to them',
      assigneeId: person.id,
    }),
  );
  const comment = await must(
    201,
    api(person.apiKey, 'POST', `/api/tasks/${others.id}/comments`, { body: 'On it' }),
  );
  const todo = await must(
    201,
    api(person.apiKey, 'POST', '/api/tasks', {
      type: 'todo',
      title: 'Private',
      difficulty: 'easy',
    }),
  );
  await must(200, api(person.apiKey, 'POST', `/api/tasks/${todo.id}/complete`));
  const agent = await must(201, api(person.apiKey, 'POST', '/api/agents', { name: 'Their bot' }));
  const webhook = await must(
    201,
    api(person.apiKey, 'POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['task.created'],
    }),
  );
  const key = await must(
    201,
    api(person.apiKey, 'POST', '/api/users/me/api-keys', { name: 'spare' }),
  );
  return { team, project, issue, others, comment, todo, agent, webhook, key };
}

/** Each service's database of the stack under test (`<prefix>_<service>`). */
export async function stackDatabases(mongoUrl: string, prefix: string) {
  const client = await MongoClient.connect(mongoUrl);
  const services = ['identity', ...ERASING_SERVICES] as const;
  return {
    client,
    /**
     * Every document of every collection in every service's database that names `id`
     * anywhere, as `<service>.<collection>: <document>`; `except` lists collections left out.
     */
    async naming(id: string, except: readonly string[] = []): Promise<string[]> {
      const found: string[] = [];
      for (const service of services) {
        const db = client.db(`${prefix}_${service}`);
        for (const { name } of await db.listCollections().toArray()) {
          if (except.includes(`${service}.${name}`)) continue;
          for (const doc of await db.collection(name).find({}).toArray()) {
            const text = JSON.stringify(doc);
            if (text.includes(id)) found.push(`${service}.${name}: ${text.slice(0, 300)}`);
          }
        }
      }
      return found;
    },
    close: () => client.close(),
  };
}

import { randomUUID } from 'node:crypto';
import type { Directory, Person } from '../../src/clients/directory.js';

/** An in-memory directory for service tests: teams, their members and their agents. */
export class MemoryDirectory implements Directory {
  private readonly members = new Map<string, Person[]>();
  private readonly agents = new Map<string, Person[]>();
  /** Set to make every call fail, as an unreachable service would. */
  down = false;

  addMember(teamId: string, person: Partial<Person> & { name: string }): Person {
    const p: Person = {
      id: person.id ?? randomUUID(),
      name: person.name,
      avatar: person.avatar ?? `https://avatars.test/${person.name}.svg`,
      type: 'user',
    };
    this.members.set(teamId, [...(this.members.get(teamId) ?? []), p]);
    return p;
  }

  addAgent(teamId: string, person: Partial<Person> & { name: string }): Person {
    const p: Person = {
      id: person.id ?? randomUUID(),
      name: person.name,
      avatar: person.avatar ?? `https://avatars.test/agents/${person.name}.svg`,
      type: 'agent',
    };
    this.agents.set(teamId, [...(this.agents.get(teamId) ?? []), p]);
    return p;
  }

  rename(id: string, name: string): void {
    for (const list of [...this.members.values(), ...this.agents.values()])
      for (const p of list) if (p.id === id) p.name = name;
  }

  private check() {
    if (this.down) throw new Error('directory down');
  }

  async teamMembers(teamId: string) {
    this.check();
    return [...(this.members.get(teamId) ?? [])];
  }

  async teamAgents(teamId: string) {
    this.check();
    return [...(this.agents.get(teamId) ?? [])];
  }

  async people(ids: readonly string[]) {
    this.check();
    const all = [...this.members.values(), ...this.agents.values()].flat();
    const byId = new Map(all.map((p) => [p.id, p]));
    return ids.map((id) => byId.get(id)).filter((p): p is Person => !!p);
  }
}

import {
  conflict,
  forbidden,
  notFound,
  type EventEnvelope,
  type ListProjectsInput,
  type Scope,
} from '@momentum/contracts';
import type { ProjectDoc, ProjectModels } from './models.js';
import { keyCandidate } from '../domain/project-key.js';
import { slugCandidate } from '../domain/slug.js';
import { isDuplicateKey, withoutOutbox, type KeyedSerializer } from '@momentum/service-kit';

/** Everything but the outbox: reads never carry pending events. */
const VISIBLE = { _outbox: 0 } as const;
const SORT_FIELDS = {
  updatedAt: 'updatedAt',
  createdAt: 'createdAt',
  name: 'nameSort',
  startDate: 'startDate',
  targetDate: 'targetDate',
} as const;
const MAX_CREATE_ATTEMPTS = 20;

export type NewProject = Omit<
  ProjectDoc,
  '_id' | 'slug' | 'key' | 'createdAt' | 'updatedAt' | '_outbox'
>;
export type ProjectChanges = Partial<
  Pick<
    ProjectDoc,
    | 'name'
    | 'nameSort'
    | 'description'
    | 'icon'
    | 'color'
    | 'status'
    | 'leadId'
    | 'startDate'
    | 'targetDate'
  >
>;

/** Project queries; every list and lookup is served by an index declared in models.ts. */
export class ProjectStore {
  constructor(
    private readonly m: ProjectModels,
    private readonly serializer: KeyedSerializer,
  ) {}

  get model() {
    return this.m.Project;
  }

  /** Runs `work` alone among the writers of this project document (see serializer.ts). */
  serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    return this.serializer.runFor(this.m.Project, id, work);
  }

  /**
   * Inserts with a slug and key free in the team: the derived ones or the next
   * alternative (ENG2, launch-2). A key the caller chose is never altered: taken → 409.
   * Unique indexes decide races; on a duplicate we look which value clashed and retry.
   */
  async create(
    input: NewProject,
    names: { slug: string; key: string; keyChosen: boolean },
    outboxFor: (doc: { _id: string; slug: string; key: string }) => EventEnvelope,
  ): Promise<ProjectDoc> {
    let slugAttempt = await this.firstFreeAttempt('slug', input.teamId, names.slug, slugCandidate);
    let keyAttempt = names.keyChosen
      ? 0
      : await this.firstFreeAttempt('key', input.teamId, names.key, keyCandidate);
    for (let i = 0; i < MAX_CREATE_ATTEMPTS; i++) {
      const slug = slugCandidate(names.slug, slugAttempt);
      const key = keyCandidate(names.key, keyAttempt);
      if (names.keyChosen && (await this.exists({ teamId: input.teamId, key })))
        throw keyTaken(key);
      const doc = new this.m.Project({ ...input, slug, key });
      doc.set('_outbox', [outboxFor({ _id: doc._id, slug, key })]);
      try {
        await doc.save();
        return withoutOutbox(doc.toObject<ProjectDoc>());
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        if (await this.exists({ teamId: input.teamId, slug })) slugAttempt++;
        if (await this.exists({ teamId: input.teamId, key })) {
          if (names.keyChosen) throw keyTaken(key);
          keyAttempt++;
        }
      }
    }
    throw conflict('Could not find a free project key; choose one with `key`', {
      field: 'key',
      rule: 'unique',
    });
  }

  /** The project when the scope may see it: unknown → 404, another team's → 403. */
  async getAccessible(scope: Scope, id: string): Promise<ProjectDoc> {
    const project = await this.m.Project.findById(id, VISIBLE).lean<ProjectDoc>();
    if (!project) throw notFound('Project');
    if (!scope.teamIds.includes(project.teamId))
      throw forbidden('You are not a member of this project’s team');
    return project;
  }

  /** For other services (system actor): no scope. */
  findById(id: string) {
    return this.m.Project.findById(id, VISIBLE).lean<ProjectDoc>();
  }

  async list(scope: Scope, q: ListProjectsInput): Promise<{ rows: ProjectDoc[]; total: number }> {
    const teamIds = q.teamId ? [q.teamId] : [...scope.teamIds];
    if (q.teamId && !scope.teamIds.includes(q.teamId))
      throw forbidden('You are not a member of this team');
    const filter: Record<string, unknown> = {
      teamId: teamIds.length === 1 ? teamIds[0] : { $in: teamIds },
    };
    if (q.status) filter.status = q.status;
    const sort = { [SORT_FIELDS[q.sort.field]]: q.sort.direction, _id: q.sort.direction };
    const [rows, total] = await Promise.all([
      this.m.Project.find(filter, VISIBLE)
        .sort(sort)
        .skip((q.page - 1) * q.limit)
        .limit(q.limit)
        .lean<ProjectDoc[]>(),
      this.m.Project.countDocuments(filter),
    ]);
    return { rows, total };
  }

  /**
   * Applies changes and queues the event in one atomic write. Call inside `serial(id)`:
   * the filter is `_id` alone (the only one FerretDB serves from its index), so the
   * read-check-write of the caller relies on being the document's only writer.
   */
  async update(id: string, changes: ProjectChanges, event: EventEnvelope): Promise<ProjectDoc> {
    // No projection: FerretDB's findAndModify does not implement one.
    const doc = await this.m.Project.findOneAndUpdate(
      { _id: id },
      { $set: changes, $push: { _outbox: event } },
      { new: true },
    ).lean<ProjectDoc>();
    if (!doc) throw notFound('Project');
    return withoutOutbox(doc);
  }

  private async exists(filter: Record<string, unknown>): Promise<boolean> {
    return (await this.m.Project.findOne(filter, { _id: 1 }).lean()) !== null;
  }

  /** Skips the alternatives already taken (one indexed query) so creating ENG7 is not 7 tries. */
  private async firstFreeAttempt(
    field: 'slug' | 'key',
    teamId: string,
    base: string,
    candidate: (base: string, attempt: number) => string,
  ): Promise<number> {
    const candidates = Array.from({ length: 100 }, (_, n) => candidate(base, n));
    const rows = await this.m.Project.find(
      { teamId, [field]: { $in: candidates } },
      { [field]: 1 },
    ).lean<Array<Record<string, string>>>();
    const taken = new Set(rows.map((r) => r[field]));
    let attempt = 0;
    while (taken.has(candidate(base, attempt))) attempt++;
    return attempt;
  }
}

const keyTaken = (key: string) =>
  conflict(`Project key ${key} is taken in this team`, {
    field: 'key',
    rule: 'unique',
    value: key,
  });

import {
  TOTAL_COUNTED_MAX,
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
import { isDuplicateKey, updateWithRevision, withoutOutbox } from '@momentum/storage';

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
/** How many numbered alternatives (ENG2, launch-2…) one read looks past. */
const ALTERNATIVES_SEEN = 100;

export type NewProject = Omit<
  ProjectDoc,
  '_id' | 'slug' | 'key' | 'rev' | 'createdAt' | 'updatedAt' | '_outbox'
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

/** What a PATCH writes: the changes and the event announcing them, or nothing. */
export type ProjectRevision = { changes: ProjectChanges; event: EventEnvelope } | null;

interface Names {
  slug: string;
  key: string;
  keyChosen: boolean;
}

/** Project queries; every list and lookup is served by an index declared in models.ts. */
export class ProjectStore {
  constructor(private readonly m: ProjectModels) {}

  get model() {
    return this.m.Project;
  }

  /** Projects an account has created: one count served by the `createdBy` index. */
  countCreatedBy(actorId: string): Promise<number> {
    return this.m.Project.countDocuments({ createdBy: actorId });
  }

  /**
   * Inserts with a slug and key free in the team: the derived ones or the next
   * alternative (ENG2, launch-2). A key the caller chose is never altered: taken → 409.
   * The unique indexes `{teamId, slug}` and `{teamId, key}` decide between concurrent
   * creates in any process: the insert that loses looks which value clashed and moves on.
   */
  async create(
    input: NewProject,
    names: Names,
    outboxFor: (doc: { _id: string; slug: string; key: string }) => EventEnvelope,
  ): Promise<ProjectDoc> {
    const taken = await this.takenNames(
      input.teamId,
      alternatives(names.slug, slugCandidate),
      names.keyChosen ? [names.key] : alternatives(names.key, keyCandidate),
    );
    if (names.keyChosen && taken.keys.has(names.key)) throw keyTaken(names.key);
    let slugAttempt = firstFree(taken.slugs, names.slug, slugCandidate);
    let keyAttempt = names.keyChosen ? 0 : firstFree(taken.keys, names.key, keyCandidate);
    for (let i = 0; i < MAX_CREATE_ATTEMPTS; i++) {
      const slug = slugCandidate(names.slug, slugAttempt);
      const key = keyCandidate(names.key, keyAttempt);
      const doc = new this.m.Project({ ...input, slug, key });
      // The event goes in with the document: one insert stores both.
      doc.set('_outbox', [outboxFor({ _id: doc._id, slug, key })]);
      try {
        await doc.save();
        return withoutOutbox(doc.toObject<ProjectDoc>());
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // The error names one clashing index at most, and both values may be taken: look.
        const clash = await this.takenNames(input.teamId, [slug], [key]);
        if (clash.slugs.has(slug)) slugAttempt++;
        if (clash.keys.has(key)) {
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

  /** Every project's id after `after`, in id order, `limit` at most (counts audits). */
  async idsAfter(after: string | undefined, limit: number): Promise<string[]> {
    const rows = await this.m.Project.find(after ? { _id: { $gt: after } } : {}, { _id: 1 })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<Array<Pick<ProjectDoc, '_id'>>>();
    return rows.map((r) => r._id);
  }

  async list(scope: Scope, q: ListProjectsInput): Promise<{ rows: ProjectDoc[]; total: number }> {
    if (q.teamId && !scope.teamIds.includes(q.teamId))
      throw forbidden('You are not a member of this team');
    const filter = listFilter(scope, q);
    const sort = listSort(q);
    const [rows, total] = await Promise.all([
      this.m.Project.find(filter, VISIBLE)
        .sort(sort)
        .skip((q.page - 1) * q.limit)
        .limit(q.limit)
        .lean<ProjectDoc[]>(),
      // Counted no further than the reply shows (PageMeta.totalCapped).
      this.m.Project.countDocuments(filter, { limit: TOTAL_COUNTED_MAX + 1 }),
    ]);
    return { rows, total };
  }

  /**
   * Changes a project the scope may see. `plan` judges the project as stored and says what
   * to write; the write lands only while the project's `rev` is the one `plan` saw (any
   * other write, in any process, raises it), else the project is read and judged again.
   * Unknown → 404, another team's → 403.
   */
  async revise(
    scope: Scope,
    id: string,
    plan: (project: ProjectDoc) => Promise<ProjectRevision>,
  ): Promise<{ project: ProjectDoc; changed: boolean }> {
    const written = await updateWithRevision(this.m.Project, id, async (project: ProjectDoc) => {
      if (!scope.teamIds.includes(project.teamId))
        throw forbidden('You are not a member of this project’s team');
      const revision = await plan(project);
      if (!revision) return { result: false };
      return {
        update: { $set: revision.changes, $push: { _outbox: revision.event } },
        result: true,
      };
    });
    if (!written) throw notFound('Project');
    return { project: withoutOutbox(written.doc), changed: written.result };
  }

  /**
   * Which of these slugs and keys are taken in the team, in one query that the two unique
   * indexes serve: creating ENG7 is not seven tries.
   */
  private async takenNames(
    teamId: string,
    slugs: string[],
    keys: string[],
  ): Promise<{ slugs: Set<string>; keys: Set<string> }> {
    const rows = await this.m.Project.find(
      { teamId, $or: [{ slug: { $in: slugs } }, { key: { $in: keys } }] },
      { slug: 1, key: 1 },
    ).lean<Array<Pick<ProjectDoc, 'slug' | 'key'>>>();
    return { slugs: new Set(rows.map((r) => r.slug)), keys: new Set(rows.map((r) => r.key)) };
  }
}

/** The list's filter: the asked team or all the caller's, and the status if given. */
export function listFilter(scope: Scope, q: ListProjectsInput): Record<string, unknown> {
  const teamIds = q.teamId ? [q.teamId] : [...scope.teamIds];
  const filter: Record<string, unknown> = {
    teamId: teamIds.length === 1 ? teamIds[0] : { $in: teamIds },
  };
  if (q.status) filter.status = q.status;
  return filter;
}

/** The list's sort, with `_id` breaking ties so pages never overlap. */
export function listSort(q: ListProjectsInput): Record<string, 1 | -1> {
  return { [SORT_FIELDS[q.sort.field]]: q.sort.direction, _id: q.sort.direction };
}

const alternatives = (base: string, candidate: (base: string, attempt: number) => string) =>
  Array.from({ length: ALTERNATIVES_SEEN }, (_, n) => candidate(base, n));

/** The first alternative not taken. */
function firstFree(
  taken: ReadonlySet<string>,
  base: string,
  candidate: (base: string, attempt: number) => string,
): number {
  let attempt = 0;
  while (taken.has(candidate(base, attempt))) attempt++;
  return attempt;
}

const keyTaken = (key: string) =>
  conflict(`Project key ${key} is taken in this team`, {
    field: 'key',
    rule: 'unique',
    value: key,
  });

import type { IssueState, IssueStatus, ProjectCounts } from '@momentum/contracts';
import type { IssueStateDoc, ProjectCountsDoc, ProjectModels } from './models.js';
import { isDuplicateKey, type KeyedSerializer } from '@momentum/service-kit';
import { countsOf, foldTransitions, tally } from '../domain/counts.js';
import { newestPerIssue } from '../domain/issue-event.js';
import { decide, type Mark } from '../domain/apply.js';
import { planRebuild } from '../domain/rebuild.js';

/** What applying an issue state did: counted it, or skipped it as old or as another project's issue. */
export type ApplyOutcome = 'applied' | 'stale' | 'foreign';

const BATCH = 500;

interface Waiting {
  state: IssueState;
  resolve: (outcome: ApplyOutcome) => void;
  reject: (err: unknown) => void;
}

/** In-flight marks of one project as stored, and those whose row is written (to clear). */
interface ProjectMarks {
  inFlight: Map<string, Mark>;
  settled: Set<string>;
}

/**
 * The issue-count read model: one row per issue with the highest `version` seen
 * (`issue_states`) and one numbers document per project (`project_counts`). Every read
 * and write is by `_id` alone, the only filter FerretDB serves from its index; the
 * read-then-write steps are safe because all writers of one project's rows and numbers
 * run one at a time (per-project key of the serializer).
 */
export class IssueStateStore {
  private readonly marks = new Map<string, ProjectMarks>();
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(
    private readonly m: ProjectModels,
    private readonly serializer: KeyedSerializer,
  ) {}

  /**
   * Idempotent and order-proof: a state no newer than the stored one changes nothing.
   * States of one project that arrive while its previous batch is being written are
   * applied together, so a busy project costs one counts write per batch, not per event.
   */
  apply(state: IssueState): Promise<ApplyOutcome> {
    return new Promise((resolve, reject) => {
      const waiting = this.waiting.get(state.projectId);
      if (waiting) return void waiting.push({ state, resolve, reject });
      this.waiting.set(state.projectId, [{ state, resolve, reject }]);
      void this.serial(state.projectId, async () => {
        const batch = this.waiting.get(state.projectId) ?? [];
        this.waiting.delete(state.projectId);
        try {
          const outcomes = await this.applyBatch(
            state.projectId,
            batch.map((b) => b.state),
          );
          batch.forEach((b, i) => b.resolve(outcomes[i]!));
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      });
    });
  }

  async countsFor(projectIds: readonly string[]): Promise<Map<string, ProjectCounts>> {
    const docs = await Promise.all(
      projectIds.map((id) =>
        this.m.ProjectCounts.findById(id, { issuesByStatus: 1 }).lean<ProjectCountsDoc>(),
      ),
    );
    return new Map(projectIds.map((id, i) => [id, countsOf(docs[i]?.issuesByStatus)]));
  }

  /**
   * Makes one project's rows match the issues service's `truth` (fetched from
   * `fetchedAt` on) and recounts. Rows newer than the truth stay, and so do rows the
   * truth lacks but that an event wrote after the fetch began.
   */
  rebuild(
    projectId: string,
    truth: readonly IssueState[],
    fetchedAt: Date,
  ): Promise<{ removed: number; counts: ProjectCounts }> {
    return this.serial(projectId, async () => {
      const rows = await this.m.IssueState.find({ projectId }, { version: 1, seenAt: 1 }).lean<
        Array<Pick<IssueStateDoc, '_id' | 'version' | 'seenAt'>>
      >();
      const plan = planRebuild(new Map(rows.map((r) => [r._id, r.version])), truth);
      await this.insertMany(plan.inserts, fetchedAt);
      if (plan.updates.length) await this.writeRows(plan.updates, fetchedAt);
      const missing = new Set(plan.missing);
      const gone = rows.filter((r) => missing.has(r._id) && r.seenAt < fetchedAt).map((r) => r._id);
      if (gone.length) await this.m.IssueState.deleteMany({ _id: { $in: gone } });

      const statuses = await this.m.IssueState.find({ projectId }, { status: 1 }).lean<
        Array<Pick<IssueStateDoc, 'status'>>
      >();
      const issuesByStatus = tally(statuses.map((r) => r.status));
      await this.m.ProjectCounts.replaceOne(
        { _id: projectId },
        { issuesByStatus, inFlight: {} },
        { upsert: true },
      );
      this.marks.delete(projectId);
      return { removed: gone.length, counts: countsOf(issuesByStatus) };
    });
  }

  private serial<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    return this.serializer.runFor(this.m.ProjectCounts, projectId, work);
  }

  /**
   * Counts the moves and marks them in flight in one write, then stores the rows. An
   * issue's current state is the newer of its row and its mark: a mark newer than the row
   * is a move counted before a crash, so its row is written now and the move not counted
   * again. A mark is harmless once its row is written, so clearing it rides along with
   * the project's next counts write instead of costing a write of its own.
   */
  private async applyBatch(
    projectId: string,
    states: readonly IssueState[],
  ): Promise<ApplyOutcome[]> {
    const newest = newestPerIssue(states);
    const rows = await Promise.all(
      [...newest.keys()].map((id) => this.m.IssueState.findById(id).lean<IssueStateDoc>()),
    );
    try {
      const marks = await this.marksOf(projectId);
      const outcome = new Map<string, ApplyOutcome>();
      const moves: Array<{ state: IssueState; from: IssueStatus | null }> = [];
      const repairs: IssueState[] = [];
      [...newest.values()].forEach((state, i) => {
        const decision = decide(state, rows[i] ?? null, marks.inFlight.get(state.id));
        if (decision.kind === 'move') moves.push({ state, from: decision.from });
        else outcome.set(state.id, decision.kind);
        if (decision.kind === 'stale' && decision.repair) repairs.push(decision.repair);
      });
      if (moves.length) await this.countMoves(projectId, marks, moves);
      const written = [...moves.map((m) => m.state), ...repairs];
      if (written.length) await this.writeRows(written);
      for (const state of written) marks.settled.add(state.id);
      return states.map((s) =>
        newest.get(s.id) === s ? (outcome.get(s.id) ?? 'applied') : 'stale',
      );
    } catch (err) {
      // What the database holds is uncertain now: read the marks again next time.
      this.marks.delete(projectId);
      throw err;
    }
  }

  private async countMoves(
    projectId: string,
    marks: ProjectMarks,
    moves: ReadonlyArray<{ state: IssueState; from: IssueStatus | null }>,
  ) {
    const inc = foldTransitions(moves.map((m) => ({ from: m.from, to: m.state.status })));
    const marking = new Set(moves.map((m) => m.state.id));
    const clear = [...marks.settled].filter((id) => !marking.has(id));
    const update = {
      $set: Object.fromEntries(
        moves.map(({ state }) => [`inFlight.${state.id}`, { v: state.version, s: state.status }]),
      ),
      ...(Object.keys(inc).length
        ? {
            $inc: Object.fromEntries(
              Object.entries(inc).map(([st, n]) => [`issuesByStatus.${st}`, n]),
            ),
          }
        : {}),
      ...(clear.length
        ? { $unset: Object.fromEntries(clear.map((id) => [`inFlight.${id}`, 1])) }
        : {}),
    };
    await this.m.ProjectCounts.updateOne({ _id: projectId }, update, {
      upsert: true,
      setDefaultsOnInsert: false,
    });
    for (const id of clear) marks.inFlight.delete(id);
    marks.settled.clear();
    for (const { state } of moves)
      marks.inFlight.set(state.id, { v: state.version, s: state.status });
  }

  /** Upserts rows by `_id` in one round trip. */
  private writeRows(states: readonly IssueState[], seenAt = new Date()) {
    return this.m.IssueState.bulkWrite(
      states.map(({ id, projectId, status, version }) => ({
        updateOne: {
          filter: { _id: id },
          update: { $set: { projectId, status, version, seenAt } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  /** The project's in-flight marks, read once: this process is their only writer. */
  private async marksOf(projectId: string): Promise<ProjectMarks> {
    let marks = this.marks.get(projectId);
    if (!marks) {
      const doc = await this.m.ProjectCounts.findById(projectId, {
        inFlight: 1,
      }).lean<ProjectCountsDoc>();
      marks = { inFlight: new Map(Object.entries(doc?.inFlight ?? {})), settled: new Set() };
      this.marks.set(projectId, marks);
    }
    return marks;
  }

  /** Rows for issues not seen yet, in unordered batches; an id already stored (under another project) is left alone. */
  private async insertMany(states: readonly IssueState[], seenAt: Date): Promise<void> {
    for (let i = 0; i < states.length; i += BATCH) {
      const batch = states.slice(i, i + BATCH).map((s) => ({
        _id: s.id,
        projectId: s.projectId,
        status: s.status as IssueStatus,
        version: s.version,
        seenAt,
      }));
      await this.m.IssueState.insertMany(batch, { ordered: false }).catch((err: unknown) => {
        if (!onlyDuplicates(err)) throw err;
      });
    }
  }
}

/** A bulk insert that failed only on duplicate `_id`s. */
function onlyDuplicates(err: unknown): boolean {
  const e = err as { writeErrors?: unknown[] };
  if (e.writeErrors?.length) return e.writeErrors.every(isDuplicateKey);
  return isDuplicateKey(err);
}

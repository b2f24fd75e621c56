import type { IssueState, IssueStatus } from '@momentum/contracts';
import { mongo } from 'mongoose';
import { isDuplicateKey } from '@momentum/storage';
import { countsId, issueStatesCollection, type ProjectModels } from './models.js';
import { transition } from '../domain/counts.js';

type Statement = mongo.AnyBulkWriteOperation<{ _id: string } & mongo.Document>;

/** The row a move expects: none (a new issue), or one with this status below the move's version. */
export type ExpectedRow = null | { status: IssueStatus; version: number | { $lt: number } };

/** What a move's command did: wrote both, found the row otherwise, or found a recount under way. */
export type MoveOutcome = 'moved' | 'unexpected' | 'recounting';

/** The engine's answer to an upsert that would change `_id`: how a missing row refuses a move. */
const IMMUTABLE_FIELD = 66;
/**
 * Set only on an insert: an `_id` other than the filter's, which is refused (66), so a move
 * that expects a row never creates one.
 */
const NO_INSERT = { _id: '' } as const;

/**
 * One issue's move in the read model, written in one engine command: an ordered batch on
 * `issue_states`, where both the issue's row and its project's counts live, of
 *
 * 1. the project's counts document, created if missing, unless a recount holds it;
 * 2. the row moved to the new state, only if it is as expected;
 * 3. the counts moved by the difference (none when the status stays).
 *
 * Statements 1 and 2 are upserts whose filter is the condition: when it does not hold the
 * upsert tries to insert a document whose `_id` exists (duplicate key) or to change the
 * `_id` (a row expected but missing), the statement fails and an ordered batch stops
 * there, before the counts move. So the row and the numbers move together or not at all,
 * and the row's version decides between redeliveries, reorderings and processes. A
 * process that dies mid-way either sent the command or did not; the engine applies an
 * ordered batch in order (a batch cut by the engine itself is what the counts audit
 * repairs).
 */
export class CountedMoves {
  constructor(private readonly m: ProjectModels) {}

  private get collection() {
    return issueStatesCollection(this.m);
  }

  async move(
    state: IssueState,
    expected: ExpectedRow,
    from: IssueStatus | null,
  ): Promise<MoveOutcome> {
    const { id, projectId, status, version } = state;
    const moves = transition(from, status);
    const counted = Object.keys(moves).length > 0;
    const row: Statement = {
      updateOne: {
        filter: expected
          ? { _id: id, projectId, status: expected.status, version: expected.version }
          : // No row has a negative version: an existing one makes the insert a duplicate.
            { _id: id, version: { $lt: 0 } },
        update: {
          $set: { projectId, status, version, seenAt: new Date() },
          ...(expected ? { $setOnInsert: NO_INSERT } : {}),
        },
        upsert: true,
      },
    };
    const batch: Statement[] = counted
      ? [
          this.unlessRecounting(projectId),
          row,
          {
            updateOne: {
              filter: { _id: countsId(projectId) },
              update: {
                $inc: {
                  rev: 1,
                  ...Object.fromEntries(
                    Object.entries(moves).map(([s, n]) => [`issuesByStatus.${s}`, n]),
                  ),
                },
              },
            },
          },
        ]
      : [row];
    try {
      await this.collection.bulkWrite(batch, { ordered: true });
      return 'moved';
    } catch (err) {
      const stoppedAt = refusedStatement(err);
      if (stoppedAt === undefined) throw err;
      return counted && stoppedAt === 0 ? 'recounting' : 'unexpected';
    }
  }

  /** The counts document, created if missing; refused (duplicate key) while a recount holds it. */
  private unlessRecounting(projectId: string): Statement {
    return {
      updateOne: {
        filter: {
          _id: countsId(projectId),
          $or: [{ recount: { $exists: false } }, { 'recount.until': { $lt: new Date() } }],
        },
        update: { $setOnInsert: { rev: 0 } },
        upsert: true,
      },
    };
  }
}

/** The index of the statement an ordered batch stopped at on a refused condition, if that is why. */
function refusedStatement(err: unknown): number | undefined {
  if (!(err instanceof mongo.MongoBulkWriteError)) return undefined;
  const [first] = Array.isArray(err.writeErrors) ? err.writeErrors : [err.writeErrors];
  if (!first) return undefined;
  const refused = first.code === IMMUTABLE_FIELD || isDuplicateKey({ code: first.code });
  return refused ? first.index : undefined;
}

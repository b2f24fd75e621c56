import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type mongo } from 'mongoose';
import type { EventEnvelope, IssueStatus, ProjectStatus } from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/storage';
import { COUNTS_ID_PREFIX } from '../domain/counts.js';

export interface ProjectDoc {
  _id: string;
  teamId: string;
  name: string;
  /** Lowercased name: sorting without collation. */
  nameSort: string;
  slug: string;
  key: string;
  description: string | null;
  icon: string | null;
  color: string | null;
  status: ProjectStatus;
  leadId: string | null;
  startDate: string | null;
  targetDate: string | null;
  createdBy: string;
  /** Rises with every change, so a read-decide-write (PATCH) lands only on what it read. */
  rev: number;
  createdAt: Date;
  updatedAt: Date;
  _outbox?: EventEnvelope[];
}

/** The read model: the newest state seen of one issue (by its `version`). */
export interface IssueStateDoc {
  _id: string;
  projectId: string;
  status: IssueStatus;
  version: number;
  /** When this process last wrote the row; a rebuild keeps rows newer than its fetch. */
  seenAt: Date;
}

/**
 * The counts of one project, stored in `issue_states` beside its rows (`_id` =
 * `countsId(projectId)`, no `projectId` field, so no row query finds it): a counted move
 * writes the row and the numbers in one command (see CountedMoves), which only one
 * collection allows. A read is one fetch by `_id`.
 */
export interface ProjectCountsDoc {
  _id: string;
  issuesByStatus?: Partial<Record<IssueStatus, number>>;
  /** Rises with every counted move; a recount replaces the numbers only if none came meanwhile. */
  rev?: number;
  /** A recount under way: moves wait until it is done or `until` has passed. */
  recount?: { token: string; until: Date };
}

/** The `_id` of a project's counts document (an event naming such an issue id is refused). */
export const countsId = (projectId: string) => `${COUNTS_ID_PREFIX}${projectId}`;

const nullableString = { type: String, default: null };

export function projectModels(db: Connection) {
  const projects = new Schema<ProjectDoc>(
    {
      _id: { type: String, default: () => randomUUID() },
      teamId: { type: String, required: true },
      name: { type: String, required: true },
      nameSort: { type: String, required: true },
      slug: { type: String, required: true },
      key: { type: String, required: true },
      description: nullableString,
      icon: nullableString,
      color: nullableString,
      status: { type: String, required: true },
      leadId: nullableString,
      startDate: nullableString,
      targetDate: nullableString,
      createdBy: { type: String, required: true },
      rev: { type: Number, default: 0 },
      _outbox: { type: [Schema.Types.Mixed], default: undefined },
    },
    baseSchemaOptions,
  );
  projects.index({ teamId: 1, slug: 1 }, { unique: true });
  projects.index({ teamId: 1, key: 1 }, { unique: true });
  // One index per list sort (teamId first: every list is limited to the caller's teams),
  // ending in `_id`, the tie-break of every sort; each serves both directions.
  for (const field of ['updatedAt', 'createdAt', 'nameSort', 'startDate', 'targetDate'])
    projects.index({ teamId: 1, [field]: 1, _id: 1 });
  // The status filter with the default sort.
  projects.index({ teamId: 1, status: 1, updatedAt: 1, _id: 1 });
  // The projects-per-creator quota counts a creator's projects (project-quota.ts).
  projects.index({ createdBy: 1 });
  // A person's erasure takes them off the projects they lead (store/personal-data.ts).
  projects.index({ leadId: 1 });

  const issueStates = new Schema<IssueStateDoc>(
    {
      _id: { type: String, required: true },
      projectId: { type: String, required: true },
      status: { type: String, required: true },
      version: { type: Number, required: true },
      seenAt: { type: Date, required: true },
    },
    { versionKey: false, id: false },
  );
  // Rebuilds read one project's rows in id order, a page at a time, and count them.
  issueStates.index({ projectId: 1, _id: 1 });

  return {
    Project: db.model<ProjectDoc>('Project', projects, 'projects'),
    IssueState: db.model<IssueStateDoc>('IssueState', issueStates, 'issue_states'),
  };
}
export type ProjectModels = ReturnType<typeof projectModels>;

/** `issue_states` as the driver sees it: the rows and the counts documents, by string `_id`. */
export const issueStatesCollection = (m: ProjectModels) =>
  m.IssueState.collection as unknown as mongo.Collection<{ _id: string } & mongo.Document>;

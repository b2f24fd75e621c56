import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope, IssueStatus, ProjectStatus } from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/service-kit';
import type { Mark } from '../domain/apply.js';

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
 * The counts of one project (`_id` = project id), so a read is one fetch by `_id`.
 * `inFlight` marks issues whose move is counted but whose `issue_states` row is not yet
 * written: a crash between the two writes cannot make the redelivery count it again.
 */
export interface ProjectCountsDoc {
  _id: string;
  issuesByStatus: Partial<Record<IssueStatus, number>>;
  /** Issue id → the version and status counted. */
  inFlight: Record<string, Mark>;
}

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
      _outbox: { type: [Schema.Types.Mixed], default: undefined },
    },
    baseSchemaOptions,
  );
  projects.index({ teamId: 1, slug: 1 }, { unique: true });
  projects.index({ teamId: 1, key: 1 }, { unique: true });
  // One index per list sort (teamId first: every list is limited to the caller's teams).
  projects.index({ teamId: 1, updatedAt: -1 });
  projects.index({ teamId: 1, createdAt: -1 });
  projects.index({ teamId: 1, nameSort: 1 });
  projects.index({ teamId: 1, startDate: 1 });
  projects.index({ teamId: 1, targetDate: 1 });
  projects.index({ teamId: 1, status: 1, updatedAt: -1 });

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
  // Rebuilds read one project's rows.
  issueStates.index({ projectId: 1 });

  const counts = new Schema<ProjectCountsDoc>(
    {
      _id: { type: String, required: true },
      // No defaults: an upsert's `$setOnInsert` of them would clash with `$inc` of a sub-path.
      issuesByStatus: Schema.Types.Mixed,
      inFlight: Schema.Types.Mixed,
    },
    { versionKey: false, id: false },
  );

  return {
    Project: db.model<ProjectDoc>('Project', projects, 'projects'),
    IssueState: db.model<IssueStateDoc>('IssueState', issueStates, 'issue_states'),
    ProjectCounts: db.model<ProjectCountsDoc>('ProjectCounts', counts, 'project_counts'),
  };
}
export type ProjectModels = ReturnType<typeof projectModels>;

import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@momentum/contracts';
import { baseSchemaOptions } from '@momentum/storage';

export interface AgentDoc {
  _id: string;
  name: string;
  description: string;
  capabilities: string[];
  teamId: string | null;
  isActive: boolean;
  config: Record<string, unknown>;
  ownerId: string;
  /** The public part of the agent's one key (`svc_<keyId>_…`); null when it has none. */
  keyId: string | null;
  /** bcrypt hash of the key's secret; the raw key is never stored. */
  keyHash: string | null;
  /** The key's label, scopes (null: every scope) and expiry (null: never); see KeyGrant. */
  keyName?: string | null;
  keyScopes?: string[] | null;
  keyExpiresAt?: Date | null;
  /** When the agent was given each key in the last hour (the mint quota), oldest first. */
  keyMintedAt?: Date[];
  lastUsedAt: Date | null;
  /** Soft delete: the row stays so activity timelines can still name the agent. */
  deletedAt: Date | null;
  /** Rises with every change, so a write decided on a read lands only on what it read. */
  rev: number;
  createdAt: Date;
  updatedAt: Date;
  _outbox?: EventEnvelope[];
}

export function agentModels(db: Connection) {
  const agents = new Schema<AgentDoc>(
    {
      _id: { type: String, default: () => randomUUID() },
      name: { type: String, required: true },
      description: { type: String, default: '' },
      capabilities: { type: [String], default: [] },
      teamId: { type: String, default: null },
      isActive: { type: Boolean, default: true },
      config: { type: Schema.Types.Mixed, default: () => ({}) },
      ownerId: { type: String, required: true },
      keyId: { type: String, default: null },
      keyHash: { type: String, default: null },
      keyName: { type: String, default: null },
      keyScopes: { type: [String], default: null },
      keyExpiresAt: { type: Date, default: null },
      keyMintedAt: { type: [Date], default: undefined },
      lastUsedAt: { type: Date, default: null },
      deletedAt: { type: Date, default: null },
      rev: { type: Number, default: 0 },
      _outbox: { type: [Schema.Types.Mixed], default: undefined },
    },
    { ...baseSchemaOptions, minimize: false },
  );
  // The owner's list (live agents, newest first, ties by id) and the owner lookup.
  agents.index({ ownerId: 1, deletedAt: 1, createdAt: -1, _id: 1 });
  // The team lookup (live agents of a team).
  agents.index({ teamId: 1, deletedAt: 1 });
  // Key verification (the live agent holding a key id).
  agents.index({ keyId: 1, deletedAt: 1 });

  return { Agent: db.model<AgentDoc>('Agent', agents, 'agents') };
}
export type AgentModels = ReturnType<typeof agentModels>;

import { avatarUrl, effectiveScopes, type AgentSummary, type AgentView } from '@momentum/contracts';
import type { AgentDoc } from '../store/models.js';

/** The agent record: never its key id, key or hash — only whether it has a key, and its grant. */
export const agentView = (a: AgentDoc): AgentView => ({
  id: a._id,
  name: a.name,
  description: a.description,
  capabilities: a.capabilities,
  teamId: a.teamId,
  isActive: a.isActive,
  config: a.config ?? {},
  ownerId: a.ownerId,
  hasApiKey: a.keyId !== null && a.keyId !== undefined,
  key: a.keyId
    ? {
        name: a.keyName ?? null,
        scopes: a.keyScopes ? effectiveScopes(a.keyScopes) : null,
        expiresAt: a.keyExpiresAt ? a.keyExpiresAt.toISOString() : null,
      }
    : null,
  lastUsedAt: a.lastUsedAt ? a.lastUsedAt.toISOString() : null,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

export const agentSummary = (
  a: Pick<AgentDoc, '_id' | 'name' | 'ownerId' | 'teamId' | 'isActive' | 'deletedAt' | 'createdAt'>,
): AgentSummary => ({
  id: a._id,
  name: a.name,
  ownerId: a.ownerId,
  teamId: a.teamId,
  isActive: a.isActive && !a.deletedAt,
  // Drawn by the gateway (libs/contracts avatars.ts).
  avatar: avatarUrl('agent', a._id, a.name),
  ...(a.createdAt ? { createdAt: a.createdAt.toISOString() } : {}),
});

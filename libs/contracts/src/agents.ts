import { z } from 'zod';
import { PageQuery, Timestamp, Uuid } from './common.js';
import { KeyGrantFields } from './scopes.js';

// Agent schemas (owned by the agents service).
// AgentSummary and AgentEventData are fixed: the gateway and the issues service use them.

/** An agent as other services see it (assignees, mentions), from `POST /internal/agents/lookup`. */
export interface AgentSummary {
  id: string;
  name: string;
  ownerId: string;
  teamId: string | null;
  isActive: boolean;
  avatar: string;
  /** When the agent was made (its membership of its team dates from then at the latest). */
  createdAt?: string;
}

/** Data of `agents.agent.updated` / `agents.agent.deleted` / `agents.key.rotated`. */
export interface AgentEventData {
  id: string;
  ownerId: string;
  teamId: string | null;
  isActive: boolean;
  /**
   * A key id whose cached verdicts must go: the key that stopped working (rotation,
   * deletion, deactivation) or whose refusal ended (reactivation).
   */
  revokedKeyId?: string | null;
}

/**
 * Bounds of an agent's free-form `config`: it is stored as a document, so it is kept
 * small, shallow, and free of keys MongoDB would read as operators or paths.
 */
export const AGENT_CONFIG_LIMITS = {
  maxBytes: 16 * 1024,
  maxDepth: 8,
  maxKeyLength: 100,
} as const;

export interface ConfigProblem {
  /** Path inside config, e.g. `['tools', 0, '$where']`. */
  path: (string | number)[];
  message: string;
}

/**
 * The first way `config` breaks the bounds, or null. Walks at most `maxDepth + 1`
 * levels, so a hostile, deeply nested value costs little and never overflows the stack.
 */
export function agentConfigProblem(config: Record<string, unknown>): ConfigProblem | null {
  const walk = (value: unknown, path: (string | number)[], depth: number): ConfigProblem | null => {
    if (value === null || typeof value !== 'object') return null;
    if (depth > AGENT_CONFIG_LIMITS.maxDepth) {
      return { path, message: `must not nest deeper than ${AGENT_CONFIG_LIMITS.maxDepth} levels` };
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const problem = walk(value[i], [...path, i], depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    for (const [key, child] of Object.entries(value)) {
      const at = [...path, key];
      if (key.length === 0) return { path, message: 'keys must not be empty' };
      if (key.length > AGENT_CONFIG_LIMITS.maxKeyLength) {
        return {
          path,
          message: `keys must be at most ${AGENT_CONFIG_LIMITS.maxKeyLength} characters`,
        };
      }
      if (key.startsWith('$') || key.includes('.') || key.includes('\0')) {
        return {
          path,
          message: `key "${key.slice(0, 40)}" must not start with $ or contain . or NUL`,
        };
      }
      const problem = walk(child, at, depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  const shapeProblem = walk(config, [], 1);
  if (shapeProblem) return shapeProblem;
  const bytes = new TextEncoder().encode(JSON.stringify(config)).length;
  if (bytes > AGENT_CONFIG_LIMITS.maxBytes) {
    return {
      path: [],
      message: `must be at most ${AGENT_CONFIG_LIMITS.maxBytes} bytes as JSON (got ${bytes})`,
    };
  }
  return null;
}

export const AgentConfig = z.record(z.string(), z.unknown()).superRefine((config, ctx) => {
  const problem = agentConfigProblem(config);
  if (problem)
    ctx.addIssue({
      code: 'custom',
      message: problem.message,
      path: problem.path,
      params: { rule: 'config' },
    });
});

const name = z
  .string()
  .trim()
  .min(1, { message: 'must be 1 to 100 characters' })
  .max(100, { message: 'must be 1 to 100 characters' });
const description = z.string().max(500, { message: 'must be at most 500 characters' });
const capabilities = z
  .array(
    z
      .string()
      .trim()
      .min(1, { message: 'must not be empty' })
      .max(100, { message: 'must be at most 100 characters' }),
  )
  .max(50, { message: 'must list at most 50 capabilities' });

export const CreateAgentBody = z
  .strictObject({
    name,
    description: description.optional(),
    capabilities: capabilities.optional(),
    /** A team the caller belongs to; omit (or null) for a teamless agent. */
    teamId: Uuid.nullable()
      .optional()
      .describe('A team the caller belongs to (else 403); omit or null for a teamless agent'),
    config: AgentConfig.optional(),
  })
  .meta({ id: 'CreateAgent' });
export type CreateAgentInput = z.output<typeof CreateAgentBody>;

export const UpdateAgentBody = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    capabilities: capabilities.optional(),
    /** null detaches the agent from its team. */
    teamId: Uuid.nullable().optional(),
    isActive: z.boolean().optional(),
    config: AgentConfig.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'give at least one of name, description, capabilities, teamId, isActive, config',
    params: { rule: 'non_empty' },
  })
  .meta({ id: 'UpdateAgent', minProperties: 1 });
export type UpdateAgentInput = z.output<typeof UpdateAgentBody>;

export const AgentParams = z.object({ id: Uuid });

export const ListAgentsQuery = z.object({ ...PageQuery });

/** The agent record the API returns: never a key or a hash. */
export const AgentView = z
  .object({
    id: Uuid,
    name: z.string(),
    description: z.string(),
    capabilities: z.array(z.string()),
    teamId: Uuid.nullable(),
    isActive: z.boolean().describe("false: the agent's key is refused"),
    config: z.record(z.string(), z.unknown()),
    ownerId: Uuid,
    hasApiKey: z.boolean(),
    key: z
      .object(KeyGrantFields)
      .nullable()
      .describe('The name, scopes and expiry of the agent’s key (never the key); null without one'),
    lastUsedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Agent', description: 'An agent (spec §2.7): never its key or the key’s hash' });
export type AgentView = z.infer<typeof AgentView>;

export const AgentKeyView = z
  .object({
    agentId: Uuid,
    apiKey: z.string().describe('The raw key, shown this once; only its hash is stored'),
    ...KeyGrantFields,
  })
  .meta({ id: 'AgentKey' });

/**
 * `POST /internal/agents/lookup`: agents matching any criterion (the union) — by id
 * (deleted agents included, so history keeps their names), attached to a team, or
 * owned by one of the users.
 */
export const AgentLookupBody = z.strictObject({
  teamId: z.string().max(64).optional(),
  ids: z.array(z.string().max(64)).max(1000).optional(),
  ownerIds: z.array(z.string().max(64)).max(1000).optional(),
});

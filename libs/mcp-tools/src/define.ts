import type { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { MomentumClient } from '@momentum/client';
import type { ApiScope } from '@momentum/contracts';

/** Which MCP surface offers a tool: both, or only the standalone server. */
export type Surface = 'in-app' | 'standalone';

export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** Every tool works on Momentum's own data only. */
  openWorldHint: false;
}

/**
 * One tool, declared once for both surfaces: what a model reads (title, description,
 * described input fields), what it gets back (output schema → structuredContent) and
 * how it calls the REST API: through the typed client generated from the API's document.
 */
export interface ToolDefinition<
  I extends z.ZodRawShape = z.ZodRawShape,
  O extends z.ZodRawShape = z.ZodRawShape,
> {
  name: string;
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: ToolHints;
  /** 'in-app' tools are on both surfaces; 'standalone' ones only on mcp-server. */
  surface: Surface;
  /**
   * The key scopes the tool's calls need: listed to a key holding any of them (a tool that
   * reaches tasks or issues by its arguments names both); none for a tool any key may call.
   */
  scopes: readonly ApiScope[];
  run(args: z.output<z.ZodObject<I>>, api: MomentumClient): Promise<CallToolResult>;
}

export const defineTool = <I extends z.ZodRawShape, O extends z.ZodRawShape>(
  def: ToolDefinition<I, O>,
) => def;

export const READ: ToolHints = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
/** Adds something (a record, a completion and its XP); the same call twice adds twice. */
export const CREATE: ToolHints = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};
/** Overwrites existing values (and may archive a task); the same call twice leaves the same state. */
export const UPDATE: ToolHints = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};
/** Removes or hides something; the same call again changes nothing more. */
export const REMOVE: ToolHints = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
};

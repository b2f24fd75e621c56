export type { ApiClient, ApiResponse, HttpMethod } from './api-client.js';
export { parseJsonBody } from './api-client.js';
export type { Surface, ToolDefinition, ToolHints } from './define.js';
export { TOOLS, toolAllowed, toolsFor, type AnyTool } from './registry.js';
export { buildMcpServer, showTools, type BuildMcpServerOptions } from './server.js';
export { callerScopes } from './caller-scopes.js';
export { callApi, errorResult, okResult, toToolError, type ToolError } from './results.js';
export { typedApi } from './typed-api.js';
export {
  handleMcpHttpRequest,
  opensSession,
  sendJsonRpcError,
  type SessionOptions,
} from './http-handler.js';
export { McpSessions, DEFAULT_SESSION_LIMITS, type SessionLimits } from './sessions.js';
export type { LiveMessage, LiveSource } from './live-source.js';
export { INBOX_URI, projectUri, taskUri, urisOf } from './resources.js';
export { originPolicy, ownOrigins, refuseForeignOrigin } from './origins.js';

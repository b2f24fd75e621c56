export type { ApiClient, ApiResponse, HttpMethod } from './api-client.js';
export { parseJsonBody } from './api-client.js';
export type { Surface, ToolDefinition, ToolHints } from './define.js';
export { TOOLS, toolAllowed, toolsFor, type AnyTool } from './registry.js';
export { buildMcpServer, showTools, type BuildMcpServerOptions } from './server.js';
export { callerScopes } from './caller-scopes.js';
export { callApi, errorResult, okResult, toToolError, type ToolError } from './results.js';
export { typedApi } from './typed-api.js';
export { handleMcpHttpRequest, sendJsonRpcError } from './http-handler.js';

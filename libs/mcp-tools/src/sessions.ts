import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { buildMcpServer, releaseServer, showTools, type BuildMcpServerOptions } from './server.js';
import { callerScopes, listsTools } from './caller-scopes.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /** A digest of the Authorization the session was opened with: only it may use the session. */
  owner: string;
  lastSeen: number;
  /** Open GET streams: a session someone listens on is never idle. */
  listening: number;
  /** The key's scopes, asked once (a session keeps its key). */
  scopes: () => Promise<readonly string[] | null>;
}

export interface SessionLimits {
  /** Sessions one key holds; its oldest goes when it opens one more. */
  perKey: number;
  /** Sessions one process holds. */
  total: number;
  /** A session with no request and no open stream for this long is closed. */
  idleMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  perKey: 10,
  total: 2000,
  idleMs: 30 * 60_000,
};

/** The digest a session is bound to (never the key itself). */
export const ownerOf = (authorization: string) =>
  createHash('sha256').update(authorization).digest('base64url');

/**
 * The MCP sessions of one process (Streamable HTTP with `Mcp-Session-Id`): a server and a
 * transport each, built with the opening request's client, so `resources/subscribe` can
 * notify on the session's GET stream. They live in this process's memory: requests of a
 * session must reach the process that opened it (docs/API.md, "MCP sessions"); elsewhere
 * they are 404, and the client opens a new one. Bounded per key, in all, and by idleness.
 */
export class McpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, limits.idleMs)).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The session a request names, if it exists and belongs to this caller. */
  find(id: string, authorization: string): Session | null {
    const session = this.sessions.get(id);
    return session && session.owner === ownerOf(authorization) ? session : null;
  }

  /** Serves a request of an open session (POST, GET for its stream, DELETE to end it). */
  async serve(
    session: Session,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ): Promise<void> {
    session.lastSeen = Date.now();
    // As stateless requests do: a listing shows the tools the key may use; any other request
    // finds every tool, and the gateway refuses a call outside the key's scopes (FORBIDDEN).
    showTools(session.server, listsTools(body) ? await session.scopes() : null);
    if (req.method === 'GET') {
      session.listening++;
      res.on('close', () => {
        session.listening--;
        session.lastSeen = Date.now();
      });
    }
    await session.transport.handleRequest(req, res, body);
  }

  /** Opens a session with an initialize request, answered on `res`. */
  async open(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    authorization: string,
    { scopes, ...options }: BuildMcpServerOptions,
  ): Promise<void> {
    const owner = ownerOf(authorization);
    this.makeRoom(owner);
    const server = buildMcpServer(options);
    let asked: Promise<readonly string[] | null> | undefined;
    const session: Session = {
      server,
      owner,
      lastSeen: Date.now(),
      listening: 0,
      scopes: () => (asked ??= (scopes ?? (() => callerScopes(options.client)))()),
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (id) => void this.sessions.set(id, session),
      }),
    };
    session.transport.onclose = () => {
      const id = session.transport.sessionId;
      if (id) this.sessions.delete(id);
      releaseServer(server);
    };
    await server.connect(session.transport);
    await session.transport.handleRequest(req, res, body);
  }

  /** Ends every session (the process is closing: clients reconnect elsewhere). */
  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((s) => s.transport.close()));
  }

  private makeRoom(owner: string): void {
    const own = [...this.sessions.values()].filter((s) => s.owner === owner);
    if (own.length >= this.limits.perKey) void this.oldest(own)?.transport.close();
    if (this.sessions.size >= this.limits.total)
      void this.oldest([...this.sessions.values()])?.transport.close();
  }

  private oldest(sessions: Session[]): Session | undefined {
    return sessions.sort((a, b) => a.lastSeen - b.lastSeen)[0];
  }

  private sweep(): void {
    const before = Date.now() - this.limits.idleMs;
    for (const session of this.sessions.values())
      if (session.listening === 0 && session.lastSeen < before) void session.transport.close();
  }
}

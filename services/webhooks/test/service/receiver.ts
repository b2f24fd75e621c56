import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: IncomingHttpHeaders;
  path: string;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow receiver). */
  delayMs?: number;
}

/** A real HTTP receiver on 127.0.0.1 that records every request and answers as told. */
export class Receiver {
  readonly received: Received[] = [];
  answer: (request: Received, index: number) => Answer = () => ({ status: 200 });
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  static async start(port = 0): Promise<Receiver> {
    const r = new Receiver();
    await r.listen(port);
    return r;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Requests for one webhook-id. */
  of(id: string): Received[] {
    return this.received.filter((r) => r.id === id);
  }

  async listen(port = this.port): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const got: Received = {
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
          headers: req.headers,
          path: req.url ?? '',
          at: Date.now(),
        };
        const answer = this.answer(got, this.received.length);
        this.received.push(got);
        setTimeout(() => {
          res.writeHead(answer.status, answer.headers ?? {});
          res.end();
        }, answer.delayMs ?? 0);
      });
    });
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Goes away at once: open connections are cut, as when a host dies. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

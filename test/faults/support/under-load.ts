import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { postJson, type Outcome } from './http.js';
import { sleep } from './processes.js';
import type { Component, PrivateStack } from './private-stack.js';
import type { Exit } from './processes.js';

const run = promisify(execFile);

export interface UnderLoad {
  outcomes: Outcome[];
  /** How many had their answer before the signal: fewer than all, or nothing was in flight. */
  answeredBeforeSignal: number;
  exit: Exit;
}

/**
 * Resolves once the process listening on `port` has `count` connections and has read
 * every byte sent on them (Recv-Q 0 in `ss`): then each request was accepted, i.e. is in
 * the hands of the server, not in a kernel queue (a busy process can lag well behind
 * its clients; a fixed wait after sending was not enough on two shared cores).
 */
async function allRead(port: string, count: number, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    const { stdout } = await run('ss', ['-tnH', 'state', 'established', `( sport = :${port} )`]);
    const recvQ = stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line.split(/\s+/)[0]));
    if (recvQ.length >= count && recvQ.every((q) => q === 0)) return;
    if (Date.now() - start > timeoutMs)
      throw new Error(`the server did not read ${count} requests in time (Recv-Q ${recvQ})`);
    await sleep(10);
  }
}

/**
 * POSTs every body at once to `url`, and SIGTERMs `name` once the process has read each
 * request, so every one counts as accepted before the signal; most are still being
 * worked on then.
 */
export async function sigtermUnderLoad(
  stack: PrivateStack,
  name: Component,
  url: string,
  /** Fixed, or signed for each body (a service checks the body's digest). */
  headers: Record<string, string> | ((body: string) => Record<string, string>),
  bodies: unknown[],
): Promise<UnderLoad> {
  // Keeps its connections open once answered, as the gateway's pool (60 s) or a browser
  // does; Node's default agent drops idle ones after 5 s, which would hide a server that
  // waits for its clients to hang up before it exits.
  const agent = new http.Agent({ keepAlive: true });
  const requests = bodies.map((body) => postJson(url, headers, body, agent));
  let answered = 0;
  for (const r of requests) void r.outcome.then(() => answered++);
  await Promise.all(requests.map((r) => r.written));
  await allRead(new URL(url).port, bodies.length);
  const answeredBeforeSignal = answered;
  const exit = await stack.signal(name, 'SIGTERM');
  return {
    outcomes: await Promise.all(requests.map((r) => r.outcome)),
    answeredBeforeSignal,
    exit,
  };
}

import type { ChildProcess } from 'node:child_process';
import { signalAndWait } from './processes.js';

/**
 * A private engine process (FerretDB or nats-server) that a fault test stops and starts
 * again on the same port and data directory, the way an operator restarts one.
 */
export class Engine {
  private child: ChildProcess | null = null;

  constructor(
    readonly name: string,
    readonly url: string,
    private readonly spawnEngine: () => Promise<ChildProcess>,
  ) {}

  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`);
    this.child = await this.spawnEngine();
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.child) return;
    await signalAndWait(this.child, signal);
    this.child = null;
  }
}

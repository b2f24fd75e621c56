import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AppError } from '@momentum/contracts';

/**
 * The worker's whole program, evaluated as a script so that a bundle needs no second file.
 * It loads bcryptjs by the absolute path the main thread resolved, and compares or hashes
 * one secret at a time (synchronously: the worker has nothing else to do).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ id, secret, hash, cost }) => {
  if (cost !== undefined) {
    try { parentPort.postMessage({ id, value: bcrypt.hashSync(secret, cost) }); }
    catch (err) { parentPort.postMessage({ id, error: String(err && err.message || err) }); }
    return;
  }
  let ok = false;
  try { ok = bcrypt.compareSync(secret, hash); } catch { ok = false; }
  parentPort.postMessage({ id, value: ok });
});
`;

/** One comparison (`hash` given) or one hashing (`cost` given). */
interface Job {
  id: number;
  secret: string;
  hash?: string;
  cost?: number;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

export interface HashPoolOptions {
  /** Worker threads comparing secrets. */
  workers: number;
  /** Comparisons that may wait for a worker; one more is refused with 503. */
  maxQueued: number;
}

/** Refused when every worker is busy and the queue is full: the client may retry shortly. */
export const poolFull = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'Too many API keys are being verified at once; retry shortly',
    undefined,
    { 'retry-after': '1' },
  );

/**
 * bcrypt off the event loop: a few worker threads, each given one comparison or hashing at
 * a time, and a bounded queue in front of them. A forged secret costs the gateway a worker
 * ~60 ms, a key made costs identity or agents one, never the thread that serves everyone
 * else's requests. A worker that dies fails its job (the caller sees an error, not a
 * verdict) and is replaced.
 */
export class HashPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly bcryptjs = createRequire(import.meta.url).resolve('bcryptjs');
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: HashPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1)
      throw new Error('HashPool: workers must be an integer of at least 1');
    if (!Number.isInteger(options.maxQueued) || options.maxQueued < 0)
      throw new Error('HashPool: maxQueued must be a non-negative integer');
    for (let i = 0; i < options.workers; i++) this.slots.push(this.spawn());
  }

  /** Whether `secret` matches the bcrypt `hash`; rejects with 503 when the queue is full. */
  compare(secret: string, hash: string): Promise<boolean> {
    return this.submit<boolean>({ secret, hash });
  }

  /** The bcrypt hash of `secret` at `cost`; rejects with 503 when the queue is full. */
  hash(secret: string, cost: number): Promise<string> {
    return this.submit<string>({ secret, cost });
  }

  private submit<T>(work: { secret: string; hash?: string; cost?: number }): Promise<T> {
    if (this.closed) return Promise.reject(new Error('HashPool: closed'));
    const idle = this.slots.find((s) => s.job === null);
    if (!idle && this.queue.length >= this.options.maxQueued) return Promise.reject(poolFull());
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        ...work,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      if (idle) this.run(idle, job);
      else this.queue.push(job);
    });
  }

  /** Comparisons waiting for a worker (for tests and metrics). */
  get queued(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('HashPool: closed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bcryptjs: this.bcryptjs },
    });
    // An idle pool keeps no process alive; a busy worker does (run() refs it).
    worker.unref();
    const slot: Slot = { worker, job: null };
    worker.on('message', (msg: { id: number; value?: unknown; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = null;
      if (msg.error !== undefined) job.reject(new Error(msg.error));
      else job.resolve(job.cost === undefined ? msg.value === true : msg.value);
      this.next(slot);
    });
    worker.on('error', (err) => this.lost(slot, err));
    worker.on('exit', () => this.lost(slot, new Error('HashPool: worker exited')));
    return slot;
  }

  private run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    slot.worker.postMessage({ id: job.id, secret: job.secret, hash: job.hash, cost: job.cost });
  }

  private next(slot: Slot): void {
    const job = this.queue.shift();
    if (job) this.run(slot, job);
    else slot.worker.unref();
  }

  private lost(slot: Slot, err: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    slot.job?.reject(err);
    slot.job = null;
    if (this.closed) return;
    const fresh = this.spawn();
    this.slots[index] = fresh;
    this.next(fresh);
  }
}

/** The part of a response the writer uses (node's ServerResponse). */
export interface Writable {
  write(chunk: string | Uint8Array): boolean;
  once(event: 'drain', listener: () => void): unknown;
}

/** A frame as written: an event's, shared by every stream it goes to, or a stream's own. */
export type Frame = string | Uint8Array;

/**
 * Writes SSE frames to one client, holding at most `max` frames beyond what the socket
 * took: a client that stops reading is dropped (`overflow`), never buffered for without
 * bound. It resumes with Last-Event-ID, so dropping it loses nothing it could not reread.
 */
export class SseWriter {
  private readonly queue: Frame[] = [];
  private waiting = false;
  private closed = false;

  constructor(
    private readonly res: Writable,
    private readonly max: number,
    private readonly overflow: () => void,
  ) {}

  /** Frames written or waiting. */
  get pending(): number {
    return this.queue.length;
  }

  write(frame: Frame): void {
    if (this.closed) return;
    if (this.waiting) {
      this.queue.push(frame);
      if (this.queue.length > this.max) {
        this.close();
        this.overflow();
      }
      return;
    }
    if (!this.res.write(frame)) this.wait();
  }

  close(): void {
    this.closed = true;
    this.queue.length = 0;
  }

  private wait(): void {
    this.waiting = true;
    this.res.once('drain', () => this.flush());
  }

  private flush(): void {
    this.waiting = false;
    while (!this.closed && this.queue.length) {
      if (!this.res.write(this.queue.shift()!)) return this.wait();
    }
  }
}

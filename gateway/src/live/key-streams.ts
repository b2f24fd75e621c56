/** Open live streams per key on this gateway, bounded (EVENTS_MAX_STREAMS_PER_KEY). */
export class KeyStreams {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for `keyId`; false when it holds the most it may. */
  acquire(keyId: string): boolean {
    const held = this.open.get(keyId) ?? 0;
    if (held >= this.max) return false;
    this.open.set(keyId, held + 1);
    return true;
  }

  release(keyId: string): void {
    const held = (this.open.get(keyId) ?? 1) - 1;
    if (held > 0) this.open.set(keyId, held);
    else this.open.delete(keyId);
  }

  get total(): number {
    let n = 0;
    for (const held of this.open.values()) n += held;
    return n;
  }
}

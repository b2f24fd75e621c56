import type { ErasingService } from '@momentum/contracts';
import type { InternalClient } from '@momentum/http';

/** One service's part of a person's export: NDJSON lines read as they arrive. */
export class ExportSource {
  constructor(
    readonly service: ErasingService,
    private readonly http: InternalClient,
  ) {}

  /** The stream of `{section, item}` lines; null when the service knows no such person. */
  lines(userId: string): Promise<NodeJS.ReadableStream | null> {
    return this.http.stream(`/internal/users/${encodeURIComponent(userId)}/export`);
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

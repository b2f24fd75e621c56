import type { InternalClient } from '@momentum/http';

/** The habits service, as identity reads it: a user's progress for `GET /api/me`. */
export class HabitsClient {
  constructor(private readonly http: InternalClient) {}

  /** The user's xp and level, or null when habits cannot say now (the reply goes without). */
  progress(userId: string): Promise<{ xp: number; level: number } | null> {
    return this.http
      .get<{ xp: number; level: number }>(`/internal/progress/${userId}`)
      .catch(() => null);
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

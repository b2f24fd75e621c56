import type {
  Actor,
  OAuthAccessRecord,
  OAuthClientRecord,
  OAuthClientRegistration,
  OAuthCodeRecord,
  OAuthGrantRecord,
  OAuthRedemption,
  OAuthRefresh,
  StoredToken,
} from '@momentum/contracts';
import type { InternalClient } from '@momentum/http';

/**
 * Where grants live: identity's `/internal/oauth/*` (shared by every gateway), and the
 * agents service for whom an "acting as" grant acts as. A refusal there is null here.
 */
export class GrantStore {
  constructor(
    private readonly identity: InternalClient,
    private readonly agents: InternalClient,
  ) {}

  registerClient(client: OAuthClientRegistration) {
    return this.identity.post<OAuthClientRecord>('/internal/oauth/clients', client);
  }

  client(id: string) {
    return this.identity.get<OAuthClientRecord>(
      `/internal/oauth/clients/${encodeURIComponent(id)}`,
    );
  }

  async storeCode(code: OAuthCodeRecord): Promise<void> {
    await this.identity.post('/internal/oauth/codes', code);
  }

  redeem(body: OAuthRedemption) {
    return this.identity.post<OAuthGrantRecord>('/internal/oauth/codes/redeem', body);
  }

  refresh(body: OAuthRefresh) {
    return this.identity.post<OAuthGrantRecord>('/internal/oauth/refresh', body);
  }

  async addAccess(grantId: string, token: StoredToken): Promise<boolean> {
    const path = `/internal/oauth/grants/${encodeURIComponent(grantId)}/tokens`;
    return (await this.identity.post<{ grantId: string }>(path, token)) !== null;
  }

  access(id: string) {
    return this.identity.get<OAuthAccessRecord>(`/internal/oauth/access/${encodeURIComponent(id)}`);
  }

  used(grantId: string): void {
    const path = `/internal/oauth/grants/${encodeURIComponent(grantId)}/used`;
    this.identity.post(path, {}).catch(() => undefined);
  }

  async revoke(id: string, hash: string): Promise<void> {
    await this.identity.post('/internal/oauth/revoke', { id, hash });
  }

  /** Whom a grant acting as one of the owner's agents acts as; null when it may not. */
  agentActor(agentId: string, ownerId: string) {
    const q = `?ownerId=${encodeURIComponent(ownerId)}`;
    return this.agents.get<Actor>(`/internal/agents/${encodeURIComponent(agentId)}/actor${q}`);
  }
}

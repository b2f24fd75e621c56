import type { Actor } from '@momentum/contracts';
import type { GatewayConfig } from '../config.js';
import type { ClientDirectory } from './clients.js';
import type { GrantStore } from './grant-store.js';
import type { AgentChoice } from './consent-page.js';

/** What the authorization server's routes work with (built in plugin.ts). */
export interface OAuthDeps {
  config: GatewayConfig;
  store: GrantStore;
  clients: ClientDirectory;
  /** Verifies the key a person signs in with (the gateway's key resolver). */
  keys: { resolve(raw: string, client?: string): Promise<Actor | null> };
  /** The agents the key's user owns (none when the key may not read agents). */
  agentsOf(key: string): Promise<AgentChoice[]>;
  /** The resources tokens may be issued for, the gateway's own first. */
  resources(issuer: string): string[];
}

import { InternalClient, signerToward } from '@momentum/http';
import { ERASING_SERVICES, type ErasingService } from '@momentum/contracts';
import type { IdentityConfig } from '../config.js';
import { ExportSource } from './exports.js';

const URL_OF: Record<ErasingService, keyof IdentityConfig> = {
  habits: 'HABITS_URL',
  projects: 'PROJECTS_URL',
  issues: 'ISSUES_URL',
  agents: 'AGENTS_URL',
  webhooks: 'WEBHOOKS_URL',
  notifications: 'NOTIFICATIONS_URL',
};

/** A source for each service with a URL, in the export's order. */
export function exportSources(config: IdentityConfig): ExportSource[] {
  return ERASING_SERVICES.flatMap((service) => {
    const url = config[URL_OF[service]];
    return typeof url === 'string' && url
      ? [
          new ExportSource(
            service,
            new InternalClient(url, signerToward(config, 'identity', service)),
          ),
        ]
      : [];
  });
}

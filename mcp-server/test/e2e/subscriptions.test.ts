import { describe } from 'vitest';
import { standaloneUrl } from '../../../libs/mcp-tools/test/support/e2e-fixtures.js';
import { itOffersResourcesAndSubscriptions } from '../../../libs/mcp-tools/test/support/subscriptions.js';

describe('mcp-server --http: sessions, resources, subscriptions and prompts', () => {
  itOffersResourcesAndSubscriptions(() => `${standaloneUrl()}/mcp`);
});

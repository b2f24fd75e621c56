import { describe } from 'vitest';
import { gatewayUrl } from '../../../test/support/e2e.js';
import { itOffersResourcesAndSubscriptions } from '../../../libs/mcp-tools/test/support/subscriptions.js';

describe('the gateway /mcp: sessions, resources, subscriptions and prompts', () => {
  itOffersResourcesAndSubscriptions(() => `${gatewayUrl()}/mcp`);
});

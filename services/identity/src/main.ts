import { runService } from '@momentum/runtime';
import { IdentityConfigSchema } from './config.js';
import { buildIdentityApp } from './app.js';

await runService('identity', IdentityConfigSchema, buildIdentityApp);

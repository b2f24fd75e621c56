import { runService } from '@momentum/runtime';
import { AgentsConfigSchema } from './config.js';
import { buildAgentsApp } from './app.js';

await runService('agents', AgentsConfigSchema, buildAgentsApp);

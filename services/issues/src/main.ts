import { runService } from '@momentum/runtime';
import { IssuesConfigSchema } from './config.js';
import { buildIssuesApp } from './app.js';

await runService('issues', IssuesConfigSchema, buildIssuesApp);

import { runService } from '@momentum/runtime';
import { ProjectsConfigSchema } from './config.js';
import { buildProjectsApp } from './app.js';

await runService('projects', ProjectsConfigSchema, buildProjectsApp);

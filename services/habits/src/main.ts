import { runService } from '@momentum/runtime';
import { HabitsConfigSchema } from './config.js';
import { buildHabitsApp } from './app.js';

await runService('habits', HabitsConfigSchema, buildHabitsApp);

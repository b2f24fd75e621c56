// The counts rebuild as a command (scripts/rebuild-counts.mjs), with the service's own
// configuration from the environment (MONGO_URL, MONGO_DB, NATS_URL, ISSUES_URL, …):
//   <projectId>…   rebuild these projects' counts from the issues service
//   --all          rebuild every project's
//   --check        compare every project's with the issues service's, rebuild those that drifted
// Prints one JSON line per project (or the pass's tally) and exits non-zero if any failed.
import { loadConfig } from '@momentum/config';
import { InternalClient, signerToward } from '@momentum/http';
import { connectService } from '@momentum/runtime';
import { ProjectsConfigSchema } from './config.js';
import { projectModels } from './store/models.js';
import { ProjectStore } from './store/project-store.js';
import { IssueStateStore } from './store/issue-state-store.js';
import { HttpIssueStatesSource } from './clients/issue-states-source.js';
import { rebuildCounts } from './usecases/counts.js';
import { auditAllCounts } from './usecases/counts-audit.js';

const args = process.argv.slice(2);
const ids = args.filter((a) => !a.startsWith('--'));
if (!ids.length && !args.includes('--all') && !args.includes('--check')) {
  console.error('usage: rebuild-counts (<projectId>… | --all | --check)');
  process.exit(2);
}

const config = loadConfig(ProjectsConfigSchema);
const ctx = await connectService('projects', config);
const issues = new InternalClient(config.ISSUES_URL, signerToward(config, 'projects', 'issues'));
const models = projectModels(ctx.db);
const deps = {
  store: new ProjectStore(models),
  states: new IssueStateStore(models),
  source: new HttpIssueStatesSource(issues),
  log: ctx.log,
};
let failed = 0;
try {
  if (ids.length) {
    for (const id of ids) {
      try {
        console.log(JSON.stringify(await rebuildCounts(deps.states, deps.source, id)));
      } catch (err) {
        failed++;
        console.error(JSON.stringify({ projectId: id, error: String(err) }));
      }
    }
  } else {
    const tally = await auditAllCounts(deps, { rebuild: args.includes('--all') });
    console.log(JSON.stringify(tally));
    failed = tally.failed;
  }
} finally {
  await issues.close();
  await ctx.close();
}
process.exit(failed ? 1 : 0);

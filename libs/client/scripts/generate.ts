import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { ensureMongo, ensureNats } from '../../../scripts/lib/engines.mjs';
import { buildDocumentInProcess } from './document.js';
import { GENERATED_FILE, renderTypes } from './render.js';

/**
 * `npm run client:generate`: builds the gateway's document from the services' apps in this
 * process (on the local engines, started if needed, as for `npm test`) and writes the typed
 * paths the client uses.
 */
const mongo = await ensureMongo();
const nats = await ensureNats();
try {
  const doc = await buildDocumentInProcess({ mongoUrl: mongo.url, natsUrl: nats.url });
  await writeFile(GENERATED_FILE, await renderTypes(doc));
  console.log(`wrote ${fileURLToPath(GENERATED_FILE)}`);
} finally {
  mongo.child?.kill('SIGTERM');
  nats.child?.kill('SIGTERM');
}

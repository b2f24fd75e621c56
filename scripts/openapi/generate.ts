// `npm run client:generate`: the public OpenAPI document from every service's route
// definitions, with nothing running (scripts/openapi/document.ts), and the typed client
// from it. `-- --document <file>` also writes the document.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildDocument } from './document.js';
import { GENERATED_FILE, renderTypes } from './client.js';

const doc = await buildDocument();
await writeFile(GENERATED_FILE, await renderTypes(doc));
console.log(`wrote ${fileURLToPath(GENERATED_FILE)}`);
const at = process.argv.indexOf('--document');
if (at > 0) {
  const file = process.argv[at + 1];
  if (!file) throw new Error('--document needs a file name');
  await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

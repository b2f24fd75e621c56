// The one change we make to FerretDB v1.24.2 before building it.
//
// Its SQLite backend creates each collection's unique `_id` index on the expression
// `_ferretdb_sjson->"_id"` but filters, updates and deletes by `_id` with
// `_ferretdb_sjson->'$._id'`. Both name the same value, yet SQLite matches an expression
// index only on the same expression, so no statement ever used the index: every lookup,
// update and delete by `_id` read the table row by row (at 20,000 documents an updateOne
// took 113–225 ms, a findOne of a late row 114 ms; with the change 1.2–2.2 ms). The change
// writes the statements with the index's own expression. Nothing stored changes, so data
// written by an unpatched build keeps working. Upstream saw the same mismatch on its
// PostgreSQL backend (FerretDB/FerretDB#4646); 1.x gets no more releases.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Bumped whenever the change below changes, so a binary built before is not reused. */
export const FERRETDB_PATCH_LEVEL = 1;

const CHANGES = [
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + `->"_id"`',
  },
];

/** Applies the change to a FerretDB source tree; fails if the source is not what we expect. */
export function patchFerretDBSource(srcDir) {
  for (const { file, from, to } of CHANGES) {
    const full = path.join(srcDir, file);
    const text = readFileSync(full, 'utf8');
    if (text.split(from).length !== 2)
      throw new Error(`FerretDB source changed: expected one "${from}" in ${file}`);
    writeFileSync(full, text.replace(from, to));
  }
}

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The document's own location as a JSON Schema id; its `#/components/...` refs resolve against it. */
const DOCUMENT_ID = 'https://momentum.invalid/openapi.json';

/** RFC 6901: `/api/tasks/{id}` as a pointer segment. */
export const pointer = (...segments: string[]) =>
  segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Validates values against schemas of an OpenAPI 3.1 document with Ajv's JSON Schema
 * 2020-12 validator (OpenAPI 3.1's dialect) and ajv-formats. The whole document is added as
 * one schema, so a schema is compiled where it stands (`#/paths/…`) and its component
 * references resolve as in the document. OpenAPI's annotation keywords (`discriminator`,
 * `example`, `xml`, `externalDocs`) carry no assertion.
 */
export class DocumentSchemas {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: object) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  }

  /** Problems of `value` against the schema at `path` (a JSON pointer into the document), or []. */
  check(path: string, value: unknown): string[] {
    let validate = this.compiled.get(path);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${path}` });
      this.compiled.set(path, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (e) =>
        `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`,
    );
  }
}

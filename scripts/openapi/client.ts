import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import prettier from 'prettier';
import type { OpenApiDocument } from '@momentum/http';

export const GENERATED_FILE = new URL(
  '../../libs/client/src/generated/openapi.ts',
  import.meta.url,
);

const HEADER = `// Generated from the services' route definitions by \`npm run client:generate\`; do not edit.
// test/unit/openapi/document.test.ts fails when this file no longer matches the routes.
`;

/** The document as TypeScript types (openapi-typescript), formatted as the repository is. */
export async function renderTypes(doc: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(doc as unknown as OpenAPI3, {
    alphabetize: false,
    exportType: true,
  });
  const source = `${HEADER}\n${astToString(ast)}`;
  const options = (await prettier.resolveConfig(GENERATED_FILE)) ?? {};
  return prettier.format(source, { ...options, parser: 'typescript' });
}

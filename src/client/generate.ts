import openapiTS, { astToString } from "openapi-typescript";

/** The header of the generated file; the rest is openapi-typescript's output for the document. */
const BANNER = `/**
 * Generated from Lifeline's OpenAPI document by \`npm run client:generate\` (src/client/generate.ts).
 * Do not edit: tests/integration/openapi.test.ts regenerates it from the live document and fails
 * on any difference.
 */
`;

/** The TypeScript types (`paths`, `operations`, `components`) of an OpenAPI document. */
export async function clientTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    alphabetize: true,
    // A route that never answers a JSON body (a DELETE's 204) types its data as never.
    defaultNonNullable: false,
  });
  return BANNER + astToString(ast);
}

/**
 * Writes docs/lifeline-document.schema.json (the document's JSON Schema) and
 * src/client/api-types.ts from the OpenAPI document: the live one at the URL given
 * (`npm run client:generate -- http://localhost:3000`), else the one this source tree builds.
 */
import { writeFileSync } from "node:fs";
import { clientTypes } from "../src/client/generate";
import { documentJsonSchema } from "../src/client/config/json-schema";

const base = process.argv[2];
const document = base
  ? await (await fetch(`${base.replace(/\/$/, "")}/api/v1/openapi.json`)).json()
  : (await import("../src/server/api/openapi")).openApiDocument("http://localhost/api/v1");
const target = new URL("../src/client/api-types.ts", import.meta.url);
writeFileSync(target, await clientTypes(document));
console.log(`wrote ${target.pathname}`);
const schemaFile = new URL("../docs/lifeline-document.schema.json", import.meta.url);
writeFileSync(schemaFile, `${JSON.stringify(documentJsonSchema(), null, 2)}\n`);
console.log(`wrote ${schemaFile.pathname}`);

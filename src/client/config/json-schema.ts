import { z } from "zod";
import { REFERENCES, SECTIONS, SPECS } from "./sections";

/**
 * The JSON Schema of a Lifeline document (docs/config-as-code.md), built from the API's create
 * schemas as the document names their fields: ids become names, and every string may be a
 * `${env:NAME}` reference. Served at `GET /api/v1/config/schema.json`; docs/lifeline-document.schema.json
 * is the same (a unit test keeps it so).
 */
export const REFERENCE_PATTERN = "^\\$\\{env:[A-Za-z_][A-Za-z0-9_]*\\}$";

type Json = Record<string, unknown>;

export function documentJsonSchema(): Json {
  const properties: Json = { version: { const: 1 } };
  for (const section of SECTIONS) {
    const spec = SPECS[section];
    const object = asDocument(z.toJSONSchema(spec.create, { io: "input", unrepresentable: "any" }) as Json);
    delete object.$schema;
    properties[section] = {
      type: "array",
      description: `The ${spec.noun}s, each named by ${typeof spec.key === "string" ? `\`${spec.key}\`` : "its target and label"}`,
      items: object,
    };
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "lifeline-document.schema.json",
    title: "Lifeline document",
    description:
      "An organization's monitoring as code: `lifeline export`, `lifeline plan -f`, `lifeline apply -f` (docs/config-as-code.md)",
    type: "object",
    additionalProperties: false,
    properties,
  };
}

/** References named (ids to names), strings open to `${env:NAME}`, required fields kept with their new names. */
function asDocument(schema: Json): Json {
  const out: Json = { ...schema };
  if (out.properties && typeof out.properties === "object") {
    const props: Json = {};
    for (const [field, value] of Object.entries(out.properties as Json)) {
      const ref = REFERENCES[field];
      if (!ref) props[field] = asDocument(value as Json);
      else {
        const name = { type: "string", description: `The name of one of the document's ${ref.section}` };
        props[ref.doc] = ref.many ? { type: "array", items: name } : name;
      }
    }
    out.properties = props;
    if (Array.isArray(out.required)) out.required = out.required.map((f: string) => REFERENCES[f]?.doc ?? f);
  }
  for (const key of ["items", "additionalProperties"]) {
    if (out[key] && typeof out[key] === "object") out[key] = asDocument(out[key] as Json);
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    if (Array.isArray(out[key])) out[key] = (out[key] as Json[]).map(asDocument);
  }
  if (out.type === "string" && (out.format || out.pattern || out.enum)) {
    return { anyOf: [out, { type: "string", pattern: REFERENCE_PATTERN }] };
  }
  return out;
}

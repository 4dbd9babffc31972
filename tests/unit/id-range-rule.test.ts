import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appRouter } from "../../src/server/api/root";
import { procedureInputSchema } from "../../src/server/api/http/strict-json";

// Ids are 32-bit on PostgreSQL: every id field of every procedure's input is limited to
// 1..2147483647 (a larger one is a 400, never the database's 500), so a new field cannot forget it.

const ID_FIELD = /(^id$|_id$|^ids$|_ids$)/;
const MAX_ID = 2_147_483_647;

type JsonSchema = {
  type?: string | string[];
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Every integer reachable under an id-named field, with its path. */
function idIntegers(
  s: JsonSchema | undefined,
  path: string,
  field: string,
  out: { path: string; maximum?: number }[] = [],
) {
  if (!s || typeof s !== "object") return out;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if ((types.includes("integer") || types.includes("number")) && ID_FIELD.test(field))
    out.push({ path, maximum: s.maximum });
  for (const [k, v] of Object.entries(s.properties ?? {})) idIntegers(v, path ? `${path}.${k}` : k, k, out);
  if (s.items) idIntegers(s.items, `${path}[]`, field, out);
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) idIntegers(alt, path, field, out);
  return out;
}

describe("the id range", () => {
  it("limits every id field of every procedure's input to the 32-bit range", () => {
    const outside: string[] = [];
    let checked = 0;
    for (const name of Object.keys(appRouter._def.procedures)) {
      const schema = procedureInputSchema(appRouter, name);
      if (!schema) continue;
      const json = z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as JsonSchema;
      for (const { path, maximum } of idIntegers(json, "", "")) {
        checked++;
        if (maximum === undefined || maximum > MAX_ID) outside.push(`${name}:${path}`);
      }
    }
    expect(outside).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});

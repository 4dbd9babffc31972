import type { AnyRouter } from "@trpc/server";
import type { ErrorDetails } from "../../../shared/errors";

/**
 * trpc-to-openapi switches on zod coercion for every number, boolean, bigint and date field, for
 * JSON bodies too (it exists for query strings). So `{"enabled": "false"}` would be read as true and
 * `{"order": null}` as 0. This check runs before the adapter on JSON bodies and refuses such values
 * with the types the schema states, so bodies are as strict as the contract says.
 */
type ZodLike = {
  _zod: { def: { type: string; innerType?: ZodLike; shape?: Record<string, ZodLike>; element?: ZodLike } };
};

const WRAPPERS = new Set(["optional", "default", "prefault", "readonly", "catch", "nonoptional"]);
const STRICT: Record<string, string> = { number: "number", boolean: "boolean", bigint: "number" };

export function strictBodyTypes(body: unknown, schema: unknown): ErrorDetails | null {
  const details: ErrorDetails = {};
  check(body, schema as ZodLike, [], details);
  return Object.keys(details).length ? details : null;
}

function check(value: unknown, schema: ZodLike | undefined, path: string[], details: ErrorDetails) {
  if (!schema?._zod || value === undefined) return;
  let s = schema;
  let nullable = false;
  while (WRAPPERS.has(s._zod.def.type) || s._zod.def.type === "nullable") {
    if (s._zod.def.type === "nullable") nullable = true;
    if (!s._zod.def.innerType) break;
    s = s._zod.def.innerType;
  }
  const type = s._zod.def.type;
  const expected = STRICT[type];
  const key = path.join(".") || "body";
  if (value === null) {
    if (!nullable && (expected || type === "object"))
      (details[key] ??= []).push(`Expected ${expected ?? "object"}, received null`);
    return;
  }
  if (expected && typeof value !== expected) {
    (details[key] ??= []).push(`Expected ${expected}, received ${Array.isArray(value) ? "array" : typeof value}`);
    return;
  }
  if (type === "object" && s._zod.def.shape && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      check(v, s._zod.def.shape[k], [...path, k], details);
  }
  if (type === "array" && Array.isArray(value))
    value.forEach((v, i) => check(v, s._zod.def.element, [...path, String(i)], details));
}

/** The input schema a procedure declares (its first `.input()`), or undefined. */
export function procedureInputSchema(router: AnyRouter, path: string): unknown {
  const procedure = (router._def.procedures as Record<string, { _def: { inputs: unknown[] } } | undefined>)[path];
  return procedure?._def.inputs[0];
}

import fc from "fast-check";

/**
 * fast-check arbitraries derived from a procedure's input schema (zod 4's `z.toJSONSchema`, input
 * side), mixed with hostile values. Values that would make the server reach out (URLs, hosts) are
 * loopback only, on the discard port, so a check or a delivery the fuzz triggers leaves the machine
 * never and waits for nothing.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  override?: JsonSchema;
};

/** Ids the fuzz has seen the server hand out (so inputs hit real rows), by kind of field. */
export type Pools = { ids: number[]; slugs: string[]; rids: string[]; userIds: number[]; configs: JsonSchema[] };

/** JSON text sent as it is (`serialize`): nesting deeper than JSON.stringify can write. */
export class RawJson {
  constructor(
    readonly text: string,
    readonly name: string,
  ) {}
  [fc.toStringMethod]() {
    return this.name;
  }
}
const deepArray = new RawJson("[".repeat(10_000) + "]".repeat(10_000), "[10,000 nested arrays]");
const deepObject = new RawJson('{"a":'.repeat(10_000) + "1" + "}".repeat(10_000), "{10,000 nested objects}");

/** JSON text of a generated value, RawJson parts as they are. */
export function serialize(value: unknown): string | undefined {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => serialize(v) ?? "null").join(",")}]`;
  if (value && typeof value === "object") {
    const fields = Object.entries(value).flatMap(([k, v]) => {
      const text = serialize(v);
      return text === undefined ? [] : [`${JSON.stringify(k)}:${text}`];
    });
    return `{${fields.join(",")}}`;
  }
  return JSON.stringify(value);
}

export const HOSTILE_STRINGS = [
  "a\ud800b",
  "\udc00",
  "tail\ud83d",
  "ok\u0000",
  "\u0000",
  "bell\u0007esc\u001b[31m",
  "\u202eevil\u202c.exe",
  "\u2066isolate\u2069",
  "x".repeat(65_536),
  "📦".repeat(16_384),
  "e\u0301".repeat(300),
  "' OR 1=1 --",
  "%00%ED%A0%80",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  " ",
  "",
];

const HOSTILE_NUMBERS = [2 ** 53 + 1, -(2 ** 53) - 1, 2 ** 64, 1e308, -1e308, -1, 0, 1.5, 2 ** 31, -(2 ** 31) - 1];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, [], {}, deepArray, deepObject, ["a\ud800"], { "a\u0000": 1 }),
  },
);

const loopbackUrl = fc
  .tuple(
    fc.constantFrom("http", "https"),
    fc.constantFrom("127.0.0.1", "[::1]"),
    fc.string({ maxLength: 20, unit: "grapheme" }),
  )
  .map(([scheme, host, path]) => `${scheme}://${host}:9/${encodeURIComponent(path)}`);

function stringOf(s: JsonSchema, field: string, pools: Pools): fc.Arbitrary<string> {
  if (field === "host") return fc.constantFrom("127.0.0.1", "::1");
  if (field === "resolver") return fc.constantFrom("127.0.0.1:9", "[::1]:9"); // a dns check's server
  if (field === "slug" && pools.slugs.length)
    return fc.oneof(fc.constantFrom(...pools.slugs), fc.string({ minLength: 1, maxLength: 40 }));
  if (field === "rid")
    return fc.oneof(
      fc.uuid(),
      fc.nat().map((i) => pools.rids[i % Math.max(pools.rids.length, 1)] ?? "none"),
    );
  switch (s.format) {
    case "email":
      return fc.oneof(
        fc.nat(10_000).map((n) => `fuzz-${n}@example.test`),
        fc.emailAddress(),
      );
    case "uri":
      return loopbackUrl;
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc
        .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString());
  }
  if (s.pattern) {
    // fast-check builds most patterns; one it cannot (a lookahead) gets free strings, which the
    // schema then mostly refuses: still an input the server must answer in the contract's format.
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // falls through to free strings
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 64, 64));
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: "binary" }) },
  );
}

const ID_FIELD = /(^id$|_id$|^ids$|_ids$|^probe$)/;

function numberOf(s: JsonSchema, field: string, pools: Pools): fc.Arbitrary<number> {
  const integer = s.type === "integer";
  if (integer && ID_FIELD.test(field)) {
    const pool = field === "user_id" ? pools.userIds : pools.ids;
    return fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 50 }) },
      { weight: 4, arbitrary: fc.nat().map((i) => pool[i % Math.max(pool.length, 1)] ?? 1) },
      { weight: 1, arbitrary: fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1) }, // the edges of the id columns (32-bit on PostgreSQL)
    );
  }
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0) : -1e6);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0) : 1e6);
  const lo = Math.max(min, -(2 ** 31));
  const hi = Math.min(max, 2 ** 31 - 1);
  return integer
    ? fc.integer({ min: lo, max: hi })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** A value for `s`: mostly well-typed (so the procedure does real work), sometimes hostile. */
export function valueOf(s: JsonSchema, pools: Pools, field = "", depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 19, arbitrary: typedValueOf(s, pools, field, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function typedValueOf(schema: JsonSchema, pools: Pools, field: string, depth: number): fc.Arbitrary<unknown> {
  const s = schema.override ? { ...schema, ...schema.override, override: undefined } : schema;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => typedValueOf(v, pools, field, depth)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => typedValueOf({ ...s, type: t }, pools, field, depth)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "string":
      return stringOf(s, field, pools);
    case "integer":
    case "number":
      return numberOf(s, field, pools);
    case "array": {
      if (field === "probe_ids") return fc.constant([]); // a private probe would make a run wait for it
      const item = s.items ? valueOf(s.items, pools, field, depth + 1) : fc.jsonValue({ maxDepth: 2 });
      return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    }
    case "object":
      // A service's config: the JSON Schema of a service type (GET /service-types/{type}/schema).
      if (field === "config" && pools.configs.length)
        return fc.oneof(...pools.configs.map((c) => objectOf(c, pools, depth)), objectOf(s, pools, depth));
      return objectOf(s, pools, depth);
    default:
      return depth > 2 ? fc.jsonValue({ maxDepth: 1 }) : fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileValue);
  }
}

function objectOf(s: JsonSchema, pools: Pools, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const entries = Object.entries(props).filter(([k]) => k !== "probe"); // `probe` would make a run wait for a private probe
  const fields = Object.fromEntries(entries.map(([k, v]) => [k, valueOf(v, pools, k, depth + 1)]));
  const record = fc.record(fields, { requiredKeys: entries.map(([k]) => k).filter((k) => required.has(k)) });
  const loose = fc.record(fields, { requiredKeys: [] });
  const extra =
    s.additionalProperties && typeof s.additionalProperties === "object"
      ? fc.dictionary(fc.string({ maxLength: 8 }), valueOf(s.additionalProperties, pools, "", depth + 1), {
          maxKeys: 3,
        })
      : fc.constant({});
  const object = fc
    .tuple(fc.oneof({ weight: 9, arbitrary: record }, { weight: 1, arbitrary: loose }), extra)
    .map(([a, b]) => ({ ...b, ...a }));
  const coherent = coherentParts(props, pools, depth);
  if (!coherent) return object;
  // Most of the time the fields that depend on each other agree, so the procedure gets past them.
  return fc.oneof(
    { weight: 1, arbitrary: object },
    { weight: 3, arbitrary: fc.tuple(object, coherent).map(([a, b]) => ({ ...a, ...b })) },
  );
}

/** Fields that only make sense together: a schedule's kind and its field, a service's type and its config. */
function coherentParts(
  props: Record<string, JsonSchema>,
  pools: Pools,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> | null {
  if ("schedule_kind" in props) {
    const period = fc.record({
      schedule_kind: fc.constant("period"),
      period_seconds: fc.integer({ min: 60, max: 10 ** 6 }),
      cron_expression: fc.constant(null),
    });
    const cron = fc.record({
      schedule_kind: fc.constant("cron"),
      cron_expression: fc.constantFrom("*/5 * * * *", "@daily", "0 3 * * 1-5", "30 2 * * *", "0 0 31 2 *"),
      timezone: fc.constantFrom("UTC", "Europe/Berlin", "Asia/Tokyo", "America/New_York", "Australia/Lord_Howe"),
      period_seconds: fc.constant(null),
    });
    return fc.oneof(period, cron);
  }
  if ("type" in props && "config" in props && pools.configs.length === 2) {
    const [http, tcp] = pools.configs as [JsonSchema, JsonSchema];
    return fc.oneof(
      fc.record({ type: fc.constant("http"), config: objectOf(http, pools, depth + 1) }),
      fc.record({ type: fc.constant("tcp"), config: objectOf(tcp, pools, depth + 1) }),
    );
  }
  return null;
}

import { z } from "zod";
import { text } from "./schemas/text";

/**
 * The one assertion model of every check type (docs/api-checks.md): `{source, property?, comparison,
 * target?}`. A check passes when every assertion holds; the first that does not is the result's
 * reason (`$.status was "DOWN", wanted "UP"`). Evaluated by domain/assertions.ts, pure.
 */
export const ASSERTION_SOURCES = [
  "status_code",
  "response_time",
  "body",
  "json_body",
  "header",
  "certificate_days_left",
  "dns_answer",
  "dns_rcode",
  "grpc_status",
  "packet_loss",
] as const;
export type AssertionSource = (typeof ASSERTION_SOURCES)[number];

export const COMPARISONS = [
  "equals",
  "not_equals",
  "less_than",
  "greater_than",
  "contains",
  "not_contains",
  "matches",
  "is_empty",
  "is_not_empty",
] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** Sources that name what they read in `property`: a JSONPath (`$.a.b`) or JSON Pointer (`/a/b`), a header's name. */
const NEEDS_PROPERTY: readonly AssertionSource[] = ["json_body", "header"];
const NO_TARGET: readonly Comparison[] = ["is_empty", "is_not_empty"];

/** Which sources each type can assert on. */
export const SOURCES_OF_TYPE: Record<string, readonly AssertionSource[]> = {
  http: ["status_code", "response_time", "body", "json_body", "header", "certificate_days_left"],
  tcp: ["response_time"],
  dns: ["response_time", "dns_answer", "dns_rcode"],
  tls: ["response_time", "certificate_days_left"],
  grpc: ["response_time", "grpc_status"],
  ping: ["response_time", "packet_loss"],
  browser: ["response_time"],
};

/** The longest regular expression accepted. */
export const MAX_PATTERN_LENGTH = 512;

/**
 * Why a pattern is refused, or null. Matching runs on V8's linear-time engine once a pattern
 * backtracks too much (checks/regex-engine.ts); backreferences and lookaround are the constructs
 * that engine cannot run, so they are refused here.
 */
export function patternRefusal(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `Use at most ${MAX_PATTERN_LENGTH} characters`;
  if (/\\[1-9]|\\k</.test(pattern)) return "Backreferences are not supported";
  if (/\(\?<?[=!]/.test(pattern)) return "Lookahead and lookbehind are not supported";
  try {
    new RegExp(pattern);
  } catch {
    return "Enter a valid regular expression";
  }
  return null;
}

export const assertionSchema = z
  .strictObject({
    source: z.enum(ASSERTION_SOURCES),
    property: text().min(1).max(512).optional().describe("JSONPath or JSON Pointer (json_body), header name (header)"),
    comparison: z.enum(COMPARISONS),
    target: z
      .union([z.number(), text().max(1024)])
      .optional()
      .describe(
        "What the value is compared with; a regular expression for `matches`; none for is_empty / is_not_empty",
      ),
  })
  .superRefine((a, ctx) => {
    if (NEEDS_PROPERTY.includes(a.source) && a.property === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["property"],
        message: `Name the ${a.source === "header" ? "header" : "JSONPath or JSON Pointer"}`,
      });
    if (a.source === "json_body" && a.property !== undefined && !/^[$/]/.test(a.property) && a.property !== "")
      ctx.addIssue({ code: "custom", path: ["property"], message: "Start a JSONPath with $ or a JSON Pointer with /" });
    if (!NO_TARGET.includes(a.comparison) && a.target === undefined)
      ctx.addIssue({ code: "custom", path: ["target"], message: "Give the value to compare with" });
    if (a.comparison === "matches" && a.target !== undefined) {
      const refusal = patternRefusal(String(a.target));
      if (refusal) ctx.addIssue({ code: "custom", path: ["target"], message: refusal });
    }
  });

export type Assertion = z.infer<typeof assertionSchema>;

/** A type's list of assertions: each source must be one the type measures. */
export function assertionsOf(type: keyof typeof SOURCES_OF_TYPE) {
  const sources = SOURCES_OF_TYPE[type]!;
  return z
    .array(assertionSchema)
    .max(20, "Use at most 20 assertions")
    .superRefine((list, ctx) => {
      list.forEach((a, i) => {
        if (!sources.includes(a.source))
          ctx.addIssue({
            code: "custom",
            path: [i, "source"],
            message: `A ${type} check measures ${sources.join(", ")}`,
          });
      });
    })
    .describe("Every assertion must hold for the check to be up (docs/api-checks.md)");
}

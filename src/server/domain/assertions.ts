import { JSONPath } from "jsonpath-plus";
import type { Assertion, AssertionSource } from "../../shared/assertions";

/**
 * Evaluates assertions against what a check observed, pure. Every type's runner gathers an
 * `Observed` and asks `failedAssertion`; the first assertion that does not hold is the reason, in
 * the words every face shows: `$.status was "DOWN", wanted "UP"`.
 */
export type Observed = {
  statusCode?: number | null;
  responseTimeMs?: number;
  body?: string | null;
  /** Header names in lower case (node's form). */
  headers?: Record<string, string | string[] | undefined>;
  certificateDaysLeft?: number | null;
  /** Each answer as text (`93.184.216.34`, `10 mail.example.com`, a TXT's strings joined). */
  dnsAnswers?: string[];
  /** NOERROR, NXDOMAIN, SERVFAIL, REFUSED... */
  dnsRcode?: string | null;
  /** The health answer: SERVING, NOT_SERVING, UNKNOWN, or SERVICE_UNKNOWN (the server does not know the service). */
  grpcStatus?: string | null;
  /** Percent of the echo requests unanswered (0-100). */
  packetLoss?: number;
  packetsSent?: number;
};

/** Characters of a value a reason shows at most. */
const SHOWN = 80;
/** Characters of a text a regular expression sees at most. */
export const MAX_MATCHED_CHARS = 1024 * 1024;

export function failedAssertion(assertions: readonly Assertion[] | undefined, observed: Observed): string | null {
  if (!assertions) return null;
  for (const a of assertions) {
    const value = valueOf(a, observed);
    if (!holds(a, value)) return `${label(a)} was ${show(value)}, wanted ${wanted(a)}`;
  }
  return null;
}

/** One assertion's outcome on a test run: whether it held and what the check saw (`"DOWN"`, `missing`, `not JSON`). */
export type AssertionOutcome = { assertion: Assertion; passed: boolean; actual: string; wanted: string; label: string };

/** Every assertion's outcome, in order (a test run shows them all; a scheduled check stops at the first that fails). */
export function assertionOutcomes(
  assertions: readonly Assertion[] | undefined,
  observed: Observed,
): AssertionOutcome[] {
  return (assertions ?? []).map((a) => {
    const value = valueOf(a, observed);
    return { assertion: a, passed: holds(a, value), actual: show(value), wanted: wanted(a), label: label(a) };
  });
}

/** Whether any assertion reads this source (then the type's short rule for it steps aside). */
export function asserts(assertions: readonly Assertion[] | undefined, source: AssertionSource): boolean {
  return assertions?.some((a) => a.source === source) ?? false;
}

const MISSING = Symbol("missing");
type Value = unknown;

function valueOf(a: Assertion, o: Observed): Value {
  switch (a.source) {
    case "status_code":
      return o.statusCode ?? MISSING;
    case "response_time":
      return o.responseTimeMs ?? MISSING;
    case "body":
      return o.body ?? MISSING;
    case "header": {
      const v = o.headers?.[a.property!.toLowerCase()];
      return v === undefined ? MISSING : Array.isArray(v) ? v.join(", ") : v;
    }
    case "certificate_days_left":
      return o.certificateDaysLeft ?? MISSING;
    case "dns_answer":
      return o.dnsAnswers ?? [];
    case "dns_rcode":
      return o.dnsRcode ?? MISSING;
    case "grpc_status":
      return o.grpcStatus ?? MISSING;
    case "packet_loss":
      return o.packetLoss ?? MISSING;
    case "json_body":
      return jsonValue(o.body ?? null, a.property!);
  }
}

const NOT_JSON = Symbol("not JSON");

function jsonValue(body: string | null, property: string): Value {
  if (body === null) return MISSING;
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return NOT_JSON;
  }
  if (property.startsWith("/") || property === "") return pointer(doc, property);
  const found = JSONPath({ path: property, json: doc as object, wrap: true, eval: false }) as unknown[];
  return found.length === 0 ? MISSING : found.length === 1 ? found[0] : found;
}

/** RFC 6901 JSON Pointer. */
function pointer(doc: unknown, ptr: string): Value {
  let at: unknown = doc;
  for (const raw of ptr.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, key)) return MISSING;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function textOf(v: Value): string {
  return typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v);
}

function isEmpty(v: Value): boolean {
  if (v === MISSING || v === NOT_JSON || v === null || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === "object") return Object.keys(v as object).length === 0;
  return false;
}

function same(v: Value, target: string | number): boolean {
  if (typeof target === "number" || (typeof v === "number" && target.trim() !== "" && !Number.isNaN(Number(target))))
    return Number(v) === Number(target) && textOf(v).trim() !== "";
  return textOf(v) === target;
}

function one(v: Value, a: Assertion): boolean {
  const t = a.target!;
  switch (a.comparison) {
    case "equals":
      return same(v, t);
    case "less_than":
    case "greater_than": {
      const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
      if (Number.isNaN(n)) return false;
      return a.comparison === "less_than" ? n < Number(t) : n > Number(t);
    }
    case "contains":
      return Array.isArray(v) ? v.some((e) => same(e, t)) : textOf(v).includes(String(t));
    case "matches":
      return new RegExp(String(t)).test(textOf(v).slice(0, MAX_MATCHED_CHARS));
    default:
      return false;
  }
}

function holds(a: Assertion, v: Value): boolean {
  if (a.comparison === "is_empty") return isEmpty(v);
  if (a.comparison === "is_not_empty") return !isEmpty(v);
  if (v === MISSING || v === NOT_JSON) return a.comparison === "not_equals" || a.comparison === "not_contains";
  const list = a.source === "dns_answer" && Array.isArray(v) ? (v as Value[]) : null;
  if (a.comparison === "not_equals")
    return list ? !list.some((e) => one(e, { ...a, comparison: "equals" })) : !same(v, a.target!);
  if (a.comparison === "not_contains") return !one(v, { ...a, comparison: "contains" });
  // A list of DNS answers holds when one answer does (contains: one answer equals or contains the target).
  if (list && a.comparison !== "less_than" && a.comparison !== "greater_than")
    return list.some((e) => one(e, a.comparison === "contains" ? { ...a, comparison: "contains" } : a));
  return one(list ? list.length : v, a);
}

const LABELS: Record<AssertionSource, string> = {
  status_code: "status code",
  response_time: "response time (ms)",
  body: "body",
  json_body: "",
  header: "",
  certificate_days_left: "certificate days left",
  dns_answer: "answers",
  dns_rcode: "rcode",
  grpc_status: "health status",
  packet_loss: "packet loss (%)",
};

function label(a: Assertion): string {
  if (a.source === "json_body") return a.property!;
  if (a.source === "header") return `header ${a.property}`;
  return LABELS[a.source];
}

function show(v: Value): string {
  if (v === MISSING) return "missing";
  if (v === NOT_JSON) return "not JSON";
  const text = typeof v === "string" ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

function wanted(a: Assertion): string {
  const t = typeof a.target === "string" ? JSON.stringify(a.target) : String(a.target);
  switch (a.comparison) {
    case "equals":
      return t;
    case "not_equals":
      return `not ${t}`;
    case "less_than":
      return `< ${t}`;
    case "greater_than":
      return `> ${t}`;
    case "contains":
      return `containing ${t}`;
    case "not_contains":
      return `not containing ${t}`;
    case "matches":
      return `matching /${String(a.target)}/`;
    case "is_empty":
      return "empty";
    case "is_not_empty":
      return "not empty";
  }
}

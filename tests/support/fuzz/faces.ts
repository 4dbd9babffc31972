import { z } from "zod";
import { appRouter } from "../../../src/server/api/root";
import { procedureInputSchema } from "../../../src/server/api/http/strict-json";
import { RawJson, serialize, type JsonSchema } from "./arbitraries";

/** Every procedure of the app router: its tRPC name and kind, its REST route (if any) and its input's JSON Schema. */
export type Procedure = {
  name: string;
  kind: "query" | "mutation";
  rest: { method: string; path: string } | null;
  input: JsonSchema | null;
};

export function procedures(): Procedure[] {
  const all = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: "query" | "mutation"; meta?: { openapi?: { method: string; path: string } } } }
  >;
  return Object.entries(all).map(([name, p]) => {
    const schema = procedureInputSchema(appRouter, name) as z.ZodType | undefined;
    const input = schema ? (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema) : null;
    const openapi = p._def.meta?.openapi;
    return {
      name,
      kind: p._def.type,
      rest: openapi ? { method: openapi.method, path: openapi.path } : null,
      input: input?.type ? input : null,
    };
  });
}

/** Percent-encodes the UTF-8 bytes of `s` (an unpaired surrogate becomes EF BF BD, as any client sends it). */
export function encodeComponent(s: string): string {
  let out = "";
  for (const b of Buffer.from(s, "utf8"))
    out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
      ? String.fromCharCode(b)
      : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

const asParam = (v: unknown) => (typeof v === "string" ? v : (serialize(v) ?? "x"));

/** Adds a `__proto__` key to a JSON object text (JSON.stringify cannot write one from a literal). */
export function withProtoKey(json: string): string {
  const key = `"__proto__":{"admin":true,"id":1}`;
  if (json === "{}") return `{${key}}`;
  return json.startsWith("{") ? `{${key},${json.slice(1)}` : json;
}

export type Sent = { method: string; url: string; body?: string };

/** The REST request for `input`: path parameters from the input, the rest in the query (GET, DELETE) or the JSON body. */
export function restRequest(
  base: string,
  route: { method: string; path: string },
  input: unknown,
  protoKey: boolean,
): Sent {
  const rest: Record<string, unknown> =
    input && typeof input === "object" && !Array.isArray(input) && !(input instanceof RawJson)
      ? { ...(input as Record<string, unknown>) }
      : {};
  const path = route.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeComponent(value === undefined ? "x" : asParam(value));
  });
  const url = `${base}/api/v1${path}`;
  if (route.method === "GET" || route.method === "DELETE") {
    const query = Object.entries(rest).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((item) => `${encodeComponent(k)}=${encodeComponent(asParam(item))}`),
    );
    return { method: route.method, url: query.length ? `${url}?${query.join("&")}` : url };
  }
  const json =
    serialize(
      input && typeof input === "object" && !Array.isArray(input) && !(input instanceof RawJson) ? rest : input,
    ) ?? "";
  return { method: route.method, url, body: protoKey ? withProtoKey(json) : json };
}

export function trpcRequest(base: string, p: Procedure, input: unknown, protoKey: boolean): Sent {
  const json = input === undefined ? undefined : serialize(input);
  const body = json && protoKey ? withProtoKey(json) : json;
  if (p.kind === "query")
    return {
      method: "GET",
      url: `${base}/api/trpc/${p.name}${body === undefined ? "" : `?input=${encodeComponent(body)}`}`,
    };
  return { method: "POST", url: `${base}/api/trpc/${p.name}`, body: body ?? "" };
}

const isMessages = (v: unknown) =>
  !!v &&
  typeof v === "object" &&
  Object.values(v).every((m) => Array.isArray(m) && m.every((x) => typeof x === "string"));

/** Why a REST answer breaks the contract (null when it keeps it). */
export function restFinding(status: number, headers: Headers, text: string): string | null {
  if (status >= 500) return `REST ${status}`;
  if (status < 400) return status === 204 || parses(text) ? null : "a success that is not JSON";
  if (status === 431) return null; // node:http refuses a request line over 16 KiB before any route
  if (!/^[0-9a-f-]{36}$/.test(headers.get("x-request-id") ?? "")) return "no X-Request-Id";
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return "a refusal that is not JSON";
  }
  const keys = Object.keys(body ?? {})
    .sort()
    .join(",");
  if (keys === "error,path,request_id,timestamp") {
    const e = body.error;
    if (typeof e?.code !== "string" || typeof e.message !== "string") return "standard body without code or message";
    if (e.details !== undefined && !isMessages(e.details)) return "details that are not field -> messages";
    if (body.request_id !== headers.get("x-request-id")) return "request_id differs from X-Request-Id";
    return null;
  }
  if (keys === "error" && typeof body.error === "string") return null; // project assignment
  if (
    keys === "error" &&
    typeof body.error?.message === "string" &&
    (body.error.details === undefined || isMessages(body.error.details))
  )
    return null; // projects
  if (keys === "code,error,field,message" && body.error === "invalid_schedule") return null; // spec 7.2
  return `a refusal in no contract format: ${text.slice(0, 200)}`;
}

/** Why a tRPC answer breaks the dashboard face's error shape (null when it keeps it). */
export function trpcFinding(status: number, text: string): string | null {
  if (status >= 500) return `tRPC ${status}`;
  if (status === 431) return null;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return "an answer that is not JSON";
  }
  if (status < 400) return body && "result" in body ? null : "a success without result";
  const e = body?.error;
  if (
    typeof e?.message !== "string" ||
    typeof e.code !== "number" ||
    e.data?.httpStatus !== status ||
    typeof e.data?.code !== "string"
  )
    return `an error not in tRPC's shape: ${text.slice(0, 200)}`;
  if (status !== 405 && typeof e.data.appCode !== "string") return "an error without appCode";
  if (e.data.details !== undefined && !isMessages(e.data.details)) return "details that are not field -> messages";
  if (e.data.stack !== undefined) return "a stack in the answer";
  return null;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

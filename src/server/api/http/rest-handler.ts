import { logger } from "../../observability/log";
import crypto from "node:crypto";
import { AppError } from "../../../shared/errors";
import { operatorMetrics } from "../../observability/operator-metrics";
import { appRouter } from "../root";
import { CORS_HEADERS, withHeaders } from "./cors";
import { classify, errorResponse, logUnexpected } from "./errors";
import { callOpenApi, type ParsedBody } from "./openapi-fetch";
import { matchRoute, restRoutes, routeTable, type RestRoute, type RouteMatch } from "./routes";
import { rawRoutes, type RawRoute } from "./raw-routes";
import { readBodyLimited } from "./body-limit";
import { procedureInputSchema, strictBodyTypes } from "./strict-json";

export const REST_PREFIX = "/api/v1";
const routes = routeTable(restRoutes(appRouter));

/**
 * The REST interface: trpc-to-openapi's fetch adapter over the app router, wrapped so that every
 * answer carries CORS and X-Request-Id headers and every failure answers in the contract's format.
 * `startup` (the process's start-up, run once) fails like anything else: a 500 in the standard body.
 */
export async function handleRest(req: Request, startup?: () => Promise<void>): Promise<Response> {
  const started = performance.now();
  const requestId = crypto.randomUUID();
  const url = new URL(req.url);
  const path = url.pathname.slice(REST_PREFIX.length) || "/";
  const method = req.method.toUpperCase();
  const target = targetOf(method, path);
  const ready = startup ? startup() : Promise.resolve();
  const response = await ready
    .then(() => answer(req, method, target, url, requestId))
    .catch((err: unknown) => {
      logUnexpected(requestId, url.pathname, err);
      return errorResponse(new AppError("INTERNAL_ERROR", "Internal server error"), {
        requestId,
        path: url.pathname,
        format: "standard",
      });
    });
  const route = target.kind === "raw" ? target.raw.route : target.kind === "found" ? target.route.path : "unmatched";
  countRequest(method, route, response.status, started);
  logger().info({
    event: "request",
    request_id: requestId,
    method,
    route,
    status: response.status,
    duration_ms: Math.round(performance.now() - started),
  });
  return withHeaders(response, { ...CORS_HEADERS, "X-Request-Id": requestId });
}

/** lifeline_http_requests_total and its latency histogram, labelled by path template (never the path itself). */
function countRequest(method: string, route: string, status: number, started: number): void {
  const m = operatorMetrics();
  m.httpRequests.inc({ route, method, status: String(status) });
  m.httpSeconds.observe({ route, method }, (performance.now() - started) / 1000);
}

/** What a request asks for, matched once: a raw route (with its pattern's groups) or a procedure's route. */
type Target = { kind: "raw"; raw: RawRoute; groups: RegExpExecArray } | RouteMatch;

function targetOf(method: string, path: string): Target {
  for (const raw of rawRoutes) {
    const groups = raw.method === method || raw.method === "*" ? raw.pattern.exec(path) : null;
    if (groups) return { kind: "raw", raw, groups };
  }
  return matchRoute(routes, method, path);
}

async function answer(req: Request, method: string, target: Target, url: URL, requestId: string): Promise<Response> {
  const fail = (error: AppError, route?: RestRoute) =>
    errorResponse(error, { requestId, path: url.pathname, format: route?.meta.errorFormat ?? "standard" });

  if (method === "OPTIONS") return new Response(null, { status: 204 });
  if (target.kind === "raw") {
    try {
      return await target.raw.handle(req, target.groups);
    } catch (err) {
      const error = classify(err);
      if (error instanceof AppError && error.code === "INTERNAL_ERROR") logUnexpected(requestId, url.pathname, err);
      return fail(error as AppError);
    }
  }
  if (target.kind === "none") return fail(new AppError("NOT_FOUND", `No endpoint at ${method} ${url.pathname}`));
  if (target.kind === "wrong_method") {
    const res = fail(new AppError("METHOD_NOT_ALLOWED", `${method} is not allowed on ${url.pathname}`));
    res.headers.set("Allow", target.allow.join(", "));
    return res;
  }
  const route = target.route;
  const prepared = await prepareRequest(req, method, url);
  if (prepared instanceof AppError) return fail(prepared, route);
  const typeError = checkBodyTypes(prepared.body, method, route);
  if (typeError) return fail(typeError, route);

  const { response: res, failure } = await callOpenApi(prepared.request, prepared.body, REST_PREFIX, {
    requestId,
    headers: req.headers,
  });
  if (failure) {
    const error = classify(failure);
    if (error instanceof AppError && error.code === "INTERNAL_ERROR") logUnexpected(requestId, url.pathname, failure);
    return fail(error as AppError, route);
  }
  if (res.status === 204) return new Response(null, { status: 204, headers: withoutBodyHeaders(res.headers) });
  return res;
}

/**
 * Normalizes the body for the adapter: an empty body is `{}`, a JSON body sent without a JSON
 * content type (plain `curl -d`) is still read as JSON, a DELETE's JSON body fields move into
 * the query string (the adapter reads DELETE input from the query only), and a POST without a body
 * takes its input from the query string (`POST /services/{id}/run?probe=3`; digits read as numbers).
 * A POST, PUT or PATCH body is read and parsed here once: the type check and the adapter take the
 * parsed value (`body`; a parse failure is the adapter's to report), the request carries none. The
 * adapter reads no body for the other methods (`body` null).
 */
async function prepareRequest(
  req: Request,
  method: string,
  url: URL,
): Promise<{ request: Request; body: ParsedBody | null } | AppError> {
  if (method === "GET" || method === "HEAD") return { request: req, body: null };
  const bytes = await readBodyLimited(req);
  if (bytes instanceof AppError) return bytes;
  const text = bytes.toString("utf8");
  const body = text.trim() === "" ? (method === "POST" ? queryAsBody(url) : "{}") : text;
  const headers = new Headers(req.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  if (method !== "DELETE") return { request: new Request(url, { method, headers }), body: parsedJson(body) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return new AppError("VALIDATION_ERROR", "The request body is not valid JSON");
  }
  const target = new URL(url);
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    for (const [key, value] of Object.entries(parsed)) {
      for (const item of Array.isArray(value) ? value : [value]) target.searchParams.append(key, String(item));
    }
  }
  return { request: new Request(target, { method, headers }), body: null };
}

function parsedJson(text: string): ParsedBody {
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch (cause) {
    return { ok: false, cause };
  }
}

function queryAsBody(url: URL): string {
  const fields: Record<string, string | number> = {};
  for (const [key, value] of url.searchParams) fields[key] = /^\d{1,15}$/.test(value) ? Number(value) : value;
  return JSON.stringify(fields);
}

function withoutBodyHeaders(headers: Headers): Headers {
  const out = new Headers(headers);
  out.delete("content-type");
  out.delete("content-length");
  return out;
}

/** JSON body values must have the types the input schema states (see strict-json.ts). */
function checkBodyTypes(body: ParsedBody | null, method: string, route: RestRoute): AppError | null {
  if (method !== "POST" && method !== "PUT" && method !== "PATCH") return null;
  if (!body?.ok) return null; // malformed JSON is reported by the adapter
  const schema = procedureInputSchema(appRouter, route.procedure);
  if (!schema) return null;
  const details = strictBodyTypes(body.data, schema);
  return details ? new AppError("VALIDATION_ERROR", `Invalid ${Object.keys(details).join(", ")}`, details) : null;
}

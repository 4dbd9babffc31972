import { operatorMetrics, type PingOutcome } from "../observability/operator-metrics";
import { capLog, LOG_LIMIT_BYTES } from "../domain/runs";
import { isPlausibleToken, isUuid, parsePingPath, PING_FORMS_TEXT } from "../domain/ping-request";
import type { PingStore } from "../storage/ping-store";

/**
 * The public ping endpoint (spec 4.2, decisions 2), framework-free: `answerPing` takes a minimal
 * request and returns a plain answer; `handlePing` wraps it for Web Requests (the Next route
 * handlers), and the standalone ingest (scripts/ping-server.ts) calls `answerPing` straight from
 * node:http. `path` is what follows the mount point: `/<token>[/<suffix>]`. The token is the only
 * credential.
 */
const BASE_HEADERS = { "Ping-Body-Limit": String(LOG_LIMIT_BYTES), "Cache-Control": "no-store" };

/** What the ping endpoint needs of a request: no framework, no Web `Request` required. */
export type PingRequest = {
  method: string;
  /** The request target: a full URL or a path with its query string. */
  url: string;
  /** The body, read at most to the cap plus a few bytes (null when there is none). */
  readBody: () => Promise<Uint8Array | null>;
};

export type PingAnswer = { status: number; headers: Record<string, string>; body: string | null };

const answer = (status: number, body: string | null = null, extra: Record<string, string> = {}): PingAnswer => ({
  status,
  headers: { ...BASE_HEADERS, ...(body !== null ? { "Content-Type": "text/plain; charset=utf-8" } : {}), ...extra },
  body,
});

/** Counts each ping by outcome (lifeline_pings_total; an increment, nothing else). */
export async function answerPing(
  req: PingRequest,
  path: string,
  store: PingStore,
  now: () => Date = () => new Date(),
): Promise<PingAnswer> {
  const a = await answerUncounted(req, path, store, now);
  operatorMetrics().pings.inc({ outcome: outcomeOf(a.status) });
  return a;
}

const outcomeOf = (status: number): PingOutcome =>
  status === 200 || status === 204
    ? "accepted"
    : status === 429
      ? "rate_limited"
      : status === 404
        ? "unknown_token"
        : "bad_request";

async function answerUncounted(req: PingRequest, path: string, store: PingStore, now: () => Date): Promise<PingAnswer> {
  const method = req.method.toUpperCase();
  if (method !== "GET" && method !== "POST" && method !== "HEAD") {
    return answer(405, "Pings use GET, POST or HEAD\n", { Allow: "GET, POST, HEAD" });
  }
  const form = parsePingPath(path);
  if (!form) return answer(400, PING_FORMS_TEXT + "\n");
  const query = req.url.indexOf("?");
  const rid = query < 0 ? null : new URLSearchParams(req.url.slice(query + 1)).get("rid");
  if (rid !== null && !isUuid(rid)) return answer(400, "The rid query parameter must be a UUID\n");
  if (!isPlausibleToken(form.token)) return NOT_FOUND;

  const body = method === "POST" ? await req.readBody() : null;
  const log = body && body.length > 0 ? capLog(body) : null;
  const endTimer = operatorMetrics().pingCommitSeconds.startTimer();
  const result = await store.record({
    target: { token: form.token },
    kind: form.kind,
    exitCode: form.exitCode,
    rid: rid ? rid.toLowerCase() : null,
    log,
    source: "shell",
    meta: null,
    rateCapped: true,
    now: now(),
  });
  endTimer();
  if (result.outcome === "not_found") return NOT_FOUND;
  if (result.outcome === "rate_limited") return answer(429, null, { "Retry-After": String(result.retryAfterSeconds) });
  return method === "HEAD" ? NO_CONTENT : OK;
}

// The answers of most pings, built once (an answer is only read: written to the wire or copied).
const OK = answer(200, "OK");
const NO_CONTENT = answer(204);
const NOT_FOUND = answer(404);

/** The ping endpoint for a Web `Request` (the Next route handlers). */
export async function handlePing(req: Request, path: string, store: PingStore, now?: () => Date): Promise<Response> {
  const a = await answerPing(
    { method: req.method, url: req.url, readBody: () => readCapped(req.body) },
    path,
    store,
    now,
  );
  return new Response(a.body, { status: a.status, headers: a.headers });
}

/**
 * Keeps at most the cap plus a few bytes (enough to cut on a character boundary) and drains the
 * rest: stopping early would tear down a node:http request's socket before the answer is sent.
 */
export async function readCapped(
  stream: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null,
): Promise<Uint8Array | null> {
  if (!stream) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Uint8Array>) {
    if (size > LOG_LIMIT_BYTES + 4) continue;
    chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks, size);
}

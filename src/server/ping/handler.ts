import { capLog, LOG_LIMIT_BYTES } from "../domain/runs";
import { isPlausibleToken, isUuid, parsePingPath, PING_FORMS_TEXT } from "../domain/ping-request";
import type { PingStore } from "./store";

/**
 * The public ping endpoint (spec 4.2, decisions 2), framework-free: a Web Request in, a Response
 * out. Mounted by the Next route handlers and by the standalone ingest server (scripts/ping-server.ts).
 * `path` is what follows the mount point: `/<token>[/<suffix>]`. The token is the only credential.
 */
const BASE_HEADERS = { "Ping-Body-Limit": String(LOG_LIMIT_BYTES), "Cache-Control": "no-store" };

const answer = (status: number, body: string | null = null, extra: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { ...BASE_HEADERS, ...(body !== null ? { "Content-Type": "text/plain; charset=utf-8" } : {}), ...extra },
  });

export async function handlePing(req: Request, path: string, store: PingStore, now: () => Date = () => new Date()): Promise<Response> {
  const method = req.method.toUpperCase();
  if (method !== "GET" && method !== "POST" && method !== "HEAD") {
    return answer(405, "Pings use GET, POST or HEAD\n", { Allow: "GET, POST, HEAD" });
  }
  const form = parsePingPath(path);
  if (!form) return answer(400, PING_FORMS_TEXT + "\n");
  const rid = new URL(req.url).searchParams.get("rid");
  if (rid !== null && !isUuid(rid)) return answer(400, "The rid query parameter must be a UUID\n");
  if (!isPlausibleToken(form.token)) return answer(404);

  const body = method === "POST" ? await readCapped(req) : null;
  const log = body && body.length > 0 ? capLog(body) : null;
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
  if (result.outcome === "not_found") return answer(404);
  if (result.outcome === "rate_limited") return answer(429, null, { "Retry-After": String(result.retryAfterSeconds) });
  return method === "HEAD" ? answer(204) : answer(200, "OK");
}

/** Reads at most the cap plus a few bytes (enough to cut on a character boundary), then stops. */
async function readCapped(req: Request): Promise<Uint8Array | null> {
  if (!req.body) return null;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size <= LOG_LIMIT_BYTES + 4) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => {});
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

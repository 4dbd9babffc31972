import type http from "node:http";
import { badgeSvg, shieldsColor } from "../domain/badge";
import { newNonce, securityHeaders } from "../security-headers";
import { publicBadge } from "../services/status-pages/badges";
import { ensureStarted } from "../startup";

export type BadgeForm = "svg" | "json" | "shields";

const BADGE_PATH = /^\/badge\/([^/?]{1,128})(\/shields)?$/;

const notFound = () =>
  Response.json(
    { error: { code: "NOT_FOUND", message: "Badge not found" } },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );

/**
 * A badge's answer (docs/api-status-pages.md "Badges"): `/badge/{key}.svg`, `.json`, `/shields`,
 * from the cache of public reads (`X-Cache: hit` or `miss`). `name`: the path segment as requested
 * (`<key>.svg`, `<key>.json`, or the key for the shields form), percent-decoded.
 */
export async function badgeAnswer(name: string, shields: boolean): Promise<Response> {
  const form: BadgeForm | null = shields
    ? "shields"
    : name.endsWith(".svg")
      ? "svg"
      : name.endsWith(".json")
        ? "json"
        : null;
  if (!form) return notFound();
  const key = shields ? name : name.slice(0, name.lastIndexOf("."));
  const read = await publicBadge(key, new Date());
  if (!read) return notFound();
  const b = read.value;
  const headers = { "Cache-Control": "public, max-age=60", "X-Cache": read.hit ? "hit" : "miss" };
  if (form === "json") return Response.json(b, { headers });
  if (form === "shields") {
    const message = b.status === "unknown" ? "no data" : b.status;
    return Response.json(
      { schemaVersion: 1, label: b.label, message, color: shieldsColor(b.status), cacheSeconds: 60 },
      { headers },
    );
  }
  return new Response(badgeSvg(b.label, b.status), {
    headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" },
  });
}

/** A badge read (GET or HEAD `/badge/…`) that `npm start`'s front answers itself, without Next's routing; null for any other request. */
export function badgeRead(method: string | undefined, target: string): { name: string; shields: boolean } | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const q = target.indexOf("?");
  const m = BADGE_PATH.exec(q < 0 ? target : target.slice(0, q));
  if (!m) return null;
  try {
    return { name: decodeURIComponent(m[1]!), shields: m[2] !== undefined };
  } catch {
    return null; // not percent-encoding: Next's route answers it as before
  }
}

/**
 * Answers a badge read on node:http with the same `badgeAnswer` as the Next routes, and the browser
 * security headers src/proxy.ts gives them.
 */
export async function serveBadgeRead(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  read: { name: string; shields: boolean },
): Promise<void> {
  await ensureStarted();
  const answer = await badgeAnswer(read.name, read.shields);
  const out: Record<string, string | string[]> = securityHeaders(newNonce(), {
    dev: process.env.NODE_ENV === "development",
    https: (process.env.APP_URL ?? "").startsWith("https://"),
  });
  answer.headers.forEach((value, name) => (out[name] = value));
  const body = Buffer.from(await answer.arrayBuffer());
  out["content-length"] = String(body.length);
  res.writeHead(answer.status, out);
  res.end(req.method === "HEAD" ? undefined : body);
}

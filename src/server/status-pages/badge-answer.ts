import type http from "node:http";
import { badgeSvg, shieldsColor } from "../domain/badge";
import { newNonce, securityHeaders } from "../security-headers";
import { publicBadge, type PublicBadge } from "../services/status-pages/badges";
import { ensureStarted } from "../startup";

export type BadgeForm = "svg" | "json" | "shields";

const BADGE_PATH = /^\/badge\/([^/?]{1,128})(\/shields)?$/;

/** A badge's answer as plain parts, so the node front writes it without building a Web Response. */
export type BadgeAnswer = { status: number; headers: Record<string, string>; body: string };

const NOT_FOUND: BadgeAnswer = {
  status: 404,
  headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  body: JSON.stringify({ error: { code: "NOT_FOUND", message: "Badge not found" } }),
};

/** Bodies rendered once per built answer (the cache keeps the object until it is rebuilt). */
const rendered = new WeakMap<PublicBadge, Partial<Record<BadgeForm, string>>>();
function once(b: PublicBadge, form: BadgeForm, render: () => string): string {
  let bodies = rendered.get(b);
  if (!bodies) rendered.set(b, (bodies = {}));
  return (bodies[form] ??= render());
}

const render: Record<BadgeForm, (b: PublicBadge) => string> = {
  json: (b) => JSON.stringify(b),
  shields: (b) =>
    JSON.stringify({
      schemaVersion: 1,
      label: b.label,
      message: b.status === "unknown" ? "no data" : b.status,
      color: shieldsColor(b.status),
      cacheSeconds: 60,
    }),
  svg: (b) => badgeSvg(b.label, b.status),
};
const TYPES: Record<BadgeForm, string> = {
  json: "application/json",
  shields: "application/json",
  svg: "image/svg+xml; charset=utf-8",
};

/**
 * A badge's answer (docs/api-status-pages.md "Badges"): `/badge/{key}.svg`, `.json`, `/shields`,
 * from the cache of public reads (`X-Cache: hit` or `miss`). `name`: the path segment as requested
 * (`<key>.svg`, `<key>.json`, or the key for the shields form), percent-decoded.
 */
export async function badgeAnswer(name: string, shields: boolean): Promise<BadgeAnswer> {
  const form: BadgeForm | null = shields
    ? "shields"
    : name.endsWith(".svg")
      ? "svg"
      : name.endsWith(".json")
        ? "json"
        : null;
  if (!form) return NOT_FOUND;
  const key = shields ? name : name.slice(0, name.lastIndexOf("."));
  const read = await publicBadge(key, new Date());
  if (!read) return NOT_FOUND;
  return {
    status: 200,
    headers: {
      "Content-Type": TYPES[form],
      "Cache-Control": "public, max-age=60",
      "X-Cache": read.hit ? "hit" : "miss",
    },
    body: once(read.value, form, () => render[form](read.value)),
  };
}

/** The same answer as a Web Response, for the Next routes. */
export async function badgeResponse(name: string, shields: boolean): Promise<Response> {
  const a = await badgeAnswer(name, shields);
  return new Response(a.body, { status: a.status, headers: a.headers });
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
  Object.assign(out, answer.headers);
  const body = Buffer.from(answer.body);
  out["content-length"] = String(body.length);
  res.writeHead(answer.status, out);
  res.end(req.method === "HEAD" ? undefined : body);
}

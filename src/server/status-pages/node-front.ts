import type http from "node:http";
import { newNonce, securityHeaders } from "../security-headers";
import { findPageBySlug } from "../services/status-pages/public";
import { ensureStarted } from "../startup";
import { notFoundAnswer, serveStatus, type StatusForm } from "./serve";

const PAGE_PATH = /^\/status\/([a-z0-9-]{1,64})(\.json)?$/;

/**
 * A public status page read (`GET /status/{slug}` or its `.json` twin) that `npm start`'s front
 * answers itself, with the same `serveStatus` as the Next route `src/app/status/[slug]` (which stays
 * for everything else: the password form's POST, and `next start` alone): a busy page costs no
 * Next routing. Null for any other request.
 */
export function statusPageRead(method: string | undefined, target: string): { slug: string; form: StatusForm } | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const q = target.indexOf("?");
  const m = PAGE_PATH.exec(q < 0 ? target : target.slice(0, q));
  return m ? { slug: m[1]!, form: m[2] ? "json" : "html" } : null;
}

/** Answers a status page read on node:http, with the browser security headers src/proxy.ts gives the Next route. */
export async function serveStatusPageRead(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  read: { slug: string; form: StatusForm },
): Promise<void> {
  await ensureStarted();
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const page = await findPageBySlug(read.slug);
  const answer = page ? await serveStatus(page, read.form, headers, `/status/${page.slug}`) : notFoundAnswer(read.form);
  const out: Record<string, string | string[]> = securityHeaders(newNonce(), {
    dev: process.env.NODE_ENV === "development",
    https: (process.env.APP_URL ?? "").startsWith("https://"),
  });
  answer.headers.forEach((value, name) => {
    if (name !== "set-cookie") out[name] = value;
  });
  const body = Buffer.from(await answer.arrayBuffer()); // a view of the answer's bytes, not a copy
  out["content-length"] = String(body.length);
  res.writeHead(answer.status, out);
  res.end(req.method === "HEAD" ? undefined : body);
}

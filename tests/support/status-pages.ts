import crypto from "node:crypto";
import { call, type TestUser } from "./http";

/** Creates a status page through REST (defaults: a fresh slug, public, no components). */
export async function createStatusPage(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/status-pages", {
    token: user.access,
    body: { slug: `page-${crypto.randomUUID().slice(0, 8)}`, title: "Our status", ...body },
  });
  if (res.status !== 201) throw new Error(`status page create failed: ${res.status} ${res.text}`);
  return res.body.data as { id: number; slug: string; url: string; [k: string]: any };
}

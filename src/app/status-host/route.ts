import { findPageByDomain } from "../../server/services/status-pages/public";
import { servePasswordPost, serveStatus } from "../../server/status-pages/serve";
import { ensureStarted } from "../../server/startup";

export const dynamic = "force-dynamic";

/**
 * `/` on a host other than the app's own (src/proxy.ts rewrites it here): the status page whose
 * `custom_domain` is that host, else the dashboard's root redirect, as before.
 */
function hostOf(req: Request): string {
  // The proxy names the host it saw (the Host header may be rewritten on the way to this route).
  const host = req.headers.get("x-lifeline-status-host") || req.headers.get("host") || "";
  return host.toLowerCase().replace(/:\d+$/, "");
}

export async function GET(req: Request): Promise<Response> {
  await ensureStarted();
  const page = await findPageByDomain(hostOf(req));
  if (!page) return new Response(null, { status: 307, headers: { Location: "/monitors" } });
  return serveStatus(page, "html", req.headers, "");
}

export async function POST(req: Request): Promise<Response> {
  await ensureStarted();
  const page = await findPageByDomain(hostOf(req));
  if (!page) return new Response(null, { status: 404 });
  return servePasswordPost(page, req, "");
}

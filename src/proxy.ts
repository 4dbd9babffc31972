import { NextResponse, type NextRequest } from "next/server";
import { newNonce, securityHeaders } from "./server/security-headers";

/**
 * With PING_HOST set, requests to that host are pings at the root: `/<token>[/<suffix>]` is
 * served by the ping route (decisions 1). Every other request here is a dashboard page or /docs:
 * it gets the browser security headers, with a fresh CSP nonce that Next puts on its inline scripts
 * (Next reads it from the request's Content-Security-Policy header).
 */
export function proxy(req: NextRequest) {
  const pingHost = process.env.PING_HOST;
  if (pingHost) {
    const host = (req.headers.get("host") ?? "").toLowerCase().replace(/:\d+$/, "");
    if (host === pingHost.toLowerCase()) {
      const url = req.nextUrl.clone();
      url.pathname = `/ping${url.pathname}`;
      return NextResponse.rewrite(url);
    }
  }
  const statusHost = statusPageHost(req);
  const nonce = newNonce();
  const headers = securityHeaders(nonce, {
    dev: process.env.NODE_ENV === "development",
    https: (process.env.APP_URL ?? "").startsWith("https://"),
  });
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]!);
  if (statusHost) requestHeaders.set("x-lifeline-status-host", statusHost.searchParams.get("host") ?? "");
  const res = statusHost
    ? NextResponse.rewrite(statusHost, { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

/**
 * `/` on a host that is not the app's own may be a status page's custom domain: served by
 * `/status-host` (which falls back to the dashboard's root redirect when no page has that domain).
 */
function statusPageHost(req: NextRequest): URL | null {
  if (req.nextUrl.pathname !== "/") return null;
  const host = (req.headers.get("host") ?? "").toLowerCase().replace(/:\d+$/, "");
  let appHost = "localhost";
  try {
    appHost = new URL(process.env.APP_URL ?? "http://localhost").hostname.toLowerCase();
  } catch {
    /* env.ts refuses a bad APP_URL at start */
  }
  if (!host || host === appHost) return null;
  const url = req.nextUrl.clone();
  url.pathname = "/status-host";
  url.searchParams.set("host", host);
  return url;
}

export const config = { matcher: ["/((?!_next/|ping/|api/|livez).*)"] };

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
  const nonce = newNonce();
  const headers = securityHeaders(nonce, {
    dev: process.env.NODE_ENV === "development",
    https: (process.env.APP_URL ?? "").startsWith("https://"),
  });
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]!);
  const res = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

export const config = { matcher: ["/((?!_next/|ping/|api/|livez).*)"] };

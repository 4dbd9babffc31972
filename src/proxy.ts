import { NextResponse, type NextRequest } from "next/server";

/**
 * With PING_HOST set, requests to that host are pings at the root: `/<token>[/<suffix>]` is
 * served by the ping route (decisions 1). Every other request passes through untouched.
 */
export function proxy(req: NextRequest) {
  const pingHost = process.env.PING_HOST;
  if (!pingHost) return NextResponse.next();
  const host = (req.headers.get("host") ?? "").toLowerCase().replace(/:\d+$/, "");
  if (host !== pingHost.toLowerCase()) return NextResponse.next();
  const url = req.nextUrl.clone();
  url.pathname = `/ping${url.pathname}`;
  return NextResponse.rewrite(url);
}

export const config = { matcher: ["/((?!_next/|ping/|api/|livez).*)"] };

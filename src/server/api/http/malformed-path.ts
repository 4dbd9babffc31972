import type http from "node:http";

/**
 * Whether a request target's path is not valid percent-encoding (`/status/%E0%A4%A`, `/x%ZZ`). Next's
 * router decodes the path of its dynamic routes and fails with a 500 on such a path before any
 * route runs; npm start's front refuses it first with a 400 (a bad request is the client's error).
 */
export function hasMalformedPath(target: string): boolean {
  const q = target.indexOf("?");
  const path = q < 0 ? target : target.slice(0, q);
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/** The 400 for a malformed path, in words (the dashboard's pages are not JSON). */
export function refuseMalformedPath(res: http.ServerResponse): void {
  res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end("Bad request: the path is not valid percent-encoding\n");
}

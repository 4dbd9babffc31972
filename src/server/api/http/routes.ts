import type { AnyRouter } from "@trpc/server";
import type { Meta } from "../trpc";

/** One REST route, read from a procedure's `.meta({ openapi })`. */
export type RestRoute = { method: string; path: string; pattern: RegExp; procedure: string; meta: Meta };

export function restRoutes(router: AnyRouter): RestRoute[] {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: Meta } }>;
  return Object.entries(procedures).flatMap(([procedure, p]) => {
    const openapi = p._def.meta?.openapi;
    if (!openapi || openapi.enabled === false) return [];
    const source = openapi.path
      .split("/")
      .map((segment) => (/^\{\w+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    return [
      {
        method: openapi.method,
        path: openapi.path,
        pattern: new RegExp(`^${source}$`, "i"),
        procedure,
        meta: p._def.meta!,
      },
    ];
  });
}

export type RouteMatch =
  { kind: "found"; route: RestRoute } | { kind: "wrong_method"; allow: string[] } | { kind: "none" };

/**
 * The routes by the first segment of their path, lowercased (the patterns match any case), each list in
 * router order; a route whose path starts with a parameter is in every list. A request is matched
 * against its own first segment's few routes, not every route of the interface.
 */
export type RouteTable = { byFirstSegment: Map<string, RestRoute[]>; anyFirstSegment: RestRoute[] };

const firstSegment = (path: string) => (path.split("/")[1] ?? "").toLowerCase();
const isParameter = (segment: string) => /^\{\w+\}$/.test(segment);

export function routeTable(routes: RestRoute[]): RouteTable {
  const anyFirstSegment = routes.filter((r) => isParameter(firstSegment(r.path)));
  const byFirstSegment = new Map<string, RestRoute[]>();
  for (const key of new Set(routes.map((r) => firstSegment(r.path)))) {
    if (isParameter(key)) continue;
    byFirstSegment.set(
      key,
      routes.filter((r) => firstSegment(r.path) === key || isParameter(firstSegment(r.path))),
    );
  }
  return { byFirstSegment, anyFirstSegment };
}

/** First match in router order, as trpc-to-openapi itself matches. */
export function matchRoute(table: RouteTable, method: string, path: string): RouteMatch {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const candidates = table.byFirstSegment.get(firstSegment(normalized)) ?? table.anyFirstSegment;
  const onPath = candidates.filter((r) => r.pattern.test(normalized));
  const route = onPath.find((r) => r.method === method);
  if (route) return { kind: "found", route };
  if (onPath.length > 0)
    return { kind: "wrong_method", allow: [...new Set([...onPath.map((r) => r.method), "OPTIONS"])] };
  return { kind: "none" };
}

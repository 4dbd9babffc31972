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
 * router order: a request is matched against its own first segment's few routes, not every route of the
 * interface. Every path starts with a fixed segment (`/cron-monitors/...`); one that does not is refused here.
 */
export type RouteTable = Map<string, RestRoute[]>;

const firstSegment = (path: string) => (path.split("/")[1] ?? "").toLowerCase();

export function routeTable(routes: RestRoute[]): RouteTable {
  const table: RouteTable = new Map();
  for (const route of routes) {
    const key = firstSegment(route.path);
    if (key.startsWith("{")) throw new Error(`A REST path must start with a fixed segment: ${route.path}`);
    table.set(key, [...(table.get(key) ?? []), route]);
  }
  return table;
}

/** The route of `path` among `routes`: the first match in their order, as trpc-to-openapi itself matches. */
export function matchAmong(routes: RestRoute[], method: string, path: string): RouteMatch {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const onPath = routes.filter((r) => r.pattern.test(normalized));
  const route = onPath.find((r) => r.method === method);
  if (route) return { kind: "found", route };
  if (onPath.length > 0)
    return { kind: "wrong_method", allow: [...new Set([...onPath.map((r) => r.method), "OPTIONS"])] };
  return { kind: "none" };
}

/** The route of `path`, among those of its first segment. */
export function matchRoute(table: RouteTable, method: string, path: string): RouteMatch {
  return matchAmong(table.get(firstSegment(path)) ?? [], method, path);
}

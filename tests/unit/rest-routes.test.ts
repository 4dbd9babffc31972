import { describe, expect, it } from "vitest";
import { appRouter } from "../../src/server/api/root";
import { matchAmong, matchRoute, restRoutes, routeTable, type RestRoute } from "../../src/server/api/http/routes";

const routes = restRoutes(appRouter);
const table = routeTable(routes);

/** What matching every route in router order answers: the table must answer the same. */
const everyRoute = (method: string, path: string) => matchAmong(routes, method, path);

const concrete = (r: RestRoute) => r.path.replace(/\{\w+\}/g, "7");

describe("the REST route table", () => {
  it("matches every route's path, in any case and with a trailing slash, as matching every route in order does", () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      for (const path of [concrete(r), concrete(r).toUpperCase(), `${concrete(r)}/`]) {
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
          expect(matchRoute(table, method, path), `${method} ${path}`).toEqual(everyRoute(method, path));
        }
      }
      expect(matchRoute(table, r.method, concrete(r))).toEqual({ kind: "found", route: r });
    }
  });

  it("finds no route for a path no route has, and reads only the request's first segment's routes", () => {
    for (const path of ["/", "/nothing", "/nothing/7", "/cron-monitors/7/nothing", "//cron-monitors"])
      expect(matchRoute(table, "GET", path)).toEqual(everyRoute("GET", path));
    const monitors = table.get("cron-monitors")!;
    expect(monitors.length).toBeGreaterThan(0);
    expect(monitors.length).toBeLessThan(routes.length / 4);
    expect(monitors.every((r) => r.path.startsWith("/cron-monitors"))).toBe(true);
  });

  it("refuses a route whose path starts with a parameter, which no first segment would find", () => {
    const loose = { ...routes[0]!, path: "/{slug}/monitors", pattern: /^\/[^/]+\/monitors$/i };
    expect(() => routeTable([...routes, loose])).toThrow(
      "A REST path must start with a fixed segment: /{slug}/monitors",
    );
  });
});

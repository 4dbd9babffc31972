import { describe, expect, it } from "vitest";
import { ingestPingPath, webPingPath } from "../../src/server/ping/node-http";

const TOKEN = "a".repeat(43);

describe("which requests npm start's web server answers as pings", () => {
  it("takes /ping/… and /api/v1/ping/… on any host, with the query left out of the path", () => {
    expect(webPingPath(`/ping/${TOKEN}/start?rid=x`, "127.0.0.1:3000", null)).toBe(`/${TOKEN}/start`);
    expect(webPingPath(`/api/v1/ping/${TOKEN}/0`, "lifeline.example", "ping.example")).toBe(`/${TOKEN}/0`);
  });

  it("takes every path on PING_HOST (any case, any port) except Next's assets, the API and /livez", () => {
    expect(webPingPath(`/${TOKEN}/fail`, "PING.example:443", "ping.example")).toBe(`/${TOKEN}/fail`);
    expect(webPingPath("/", "ping.example", "ping.example")).toBe("/");
    for (const p of ["/_next/static/x.js", "/api/v1/health", "/livez"])
      expect(webPingPath(p, "ping.example", "ping.example")).toBeNull();
  });

  it("leaves everything else to Next: the dashboard, REST, /docs, and the root of other hosts", () => {
    for (const p of ["/", "/login", "/docs", "/api/v1/cron-monitors", "/pingx", "/ping"]) {
      expect(webPingPath(p, "lifeline.example", "ping.example")).toBeNull();
    }
    expect(webPingPath(`/${TOKEN}`, "lifeline.example", null)).toBeNull();
  });

  it("lets the standalone ingest take /ping/<token>, /api/v1/ping/<token> and /<token>", () => {
    expect(ingestPingPath(`/ping/${TOKEN}?rid=x`)).toBe(`/${TOKEN}`);
    expect(ingestPingPath(`/${TOKEN}/log`)).toBe(`/${TOKEN}/log`);
    expect(ingestPingPath(`/api/v1/ping/${TOKEN}/fail`)).toBe(`/${TOKEN}/fail`);
  });
});

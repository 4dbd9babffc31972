import type Database from "better-sqlite3";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFromConfig, runCheck } from "../../src/server/checks";
import { checkRules } from "../../src/server/checks/rules";
import { storedResult } from "../../src/server/checks/stored-result";
import type { CheckResult } from "../../src/server/checks/types";
import { createPgCheckStore, createSqliteCheckStore } from "../../src/server/storage/check-store";
import { openPgPool } from "../../src/server/storage/postgres/pool";
import { openSqlite } from "../../src/server/storage/sqlite/connection";
import { databaseKind } from "../support/db";
import type { TestUser } from "../support/http";
import { callOn, dedicatedLifeline, registerOn, startTarget } from "../support/probes";
import { sweep } from "../support/sweeper";

// Uptime leaves maintenance out: over a day of checks every 15 minutes, a 2-hour window with an
// hour of failing checks inside it reads 100%, and says how many checks it left out; the same hour
// of failures outside any window reads the right fraction. Real checks against loopback targets,
// recorded through the check store as a probe's results are, on a server of its own without a
// sweeper (so no rollup of past hours runs while the day is recorded).
const MIN = 60_000;
let dedicated: Awaited<ReturnType<typeof dedicatedLifeline>>;
let owner: TestUser;
let ok: Awaited<ReturnType<typeof startTarget>>;
let failing: Awaited<ReturnType<typeof startTarget>>;
const sqlite: Database.Database[] = [];
const pools: Pool[] = [];

beforeAll(async () => {
  [dedicated, ok, failing] = await Promise.all([
    dedicatedLifeline({ PROBE_EMBEDDED: "false", OUTBOUND_ALLOW_PRIVATE: "true" }, ["--web-only"]),
    startTarget("ok"),
    startTarget("error"),
  ]);
  owner = await registerOn(dedicated.server, "uptime");
});
afterAll(async () => {
  ok?.close();
  failing?.close();
  sqlite.forEach((db) => db.close());
  await Promise.all(pools.map((p) => p.end()));
  await dedicated?.stop();
});

function checkStore() {
  if (databaseKind() === "sqlite") {
    const db = openSqlite(dedicated.server.databaseUrl.replace(/^file:/, ""));
    sqlite.push(db);
    return createSqliteCheckStore(db, checkRules());
  }
  const pool = openPgPool(dedicated.server.databaseUrl, 2);
  pools.push(pool);
  return createPgCheckStore(pool, checkRules());
}

async function service(name: string): Promise<number> {
  const res = await callOn(dedicated.server)("POST", "/services", {
    token: owner.access,
    body: { name, type: "http", config: { url: ok.url } },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

/**
 * A day of checks of the service, one every 15 minutes up to now, each recorded at its own time:
 * the checks 15 to 60 minutes ago fail (an hour of downtime), the others pass. Returns how many.
 */
async function recordDay(serviceId: number, now: number): Promise<number> {
  const config = (url: string) => checkFromConfig("http", { url, expected_status_code: 200, timeout: 5 });
  const [up, down] = await Promise.all([
    runCheck(config(ok.url), { policy: null }),
    runCheck(config(failing.url), { policy: null }),
  ]);
  expect([up.outcome, down.outcome]).toEqual(["up", "down"]);
  const store = checkStore();
  let n = 0;
  for (let k = 95; k >= 1; k--) {
    const at = new Date(now - k * 15 * MIN);
    const result: CheckResult = { ...(k <= 4 ? down : up), startedAt: at };
    expect(await store.record(1, [storedResult({ serviceId, lane: 0, slot: null }, result)], at)).toEqual([
      { accepted: true },
    ]);
    n++;
  }
  return n;
}

const uptimeOf = (s: number, t: number) => Math.floor((s * 100_000) / t) / 1000;

describe("uptime over a day", () => {
  it("reads the right fraction with the same hour of downtime outside any window, and leaves nothing out", async () => {
    const id = await service("outside");
    const checks = await recordDay(id, Date.now());
    const uptime = (
      await callOn(dedicated.server)("GET", `/services/${id}/metrics/uptime?period=24h`, { token: owner.access })
    ).body.data;
    expect(uptime).toEqual({
      uptime_percentage: uptimeOf(checks - 4, checks),
      total_checks: checks,
      successful_checks: checks - 4,
      failed_checks: 4,
      maintenance_checks: 0,
      period: "24h",
    });
    const metrics = await callOn(dedicated.server)("GET", "/metrics", { token: owner.access });
    expect(metrics.text).toContain(
      `lifeline_service_maintenance_checks{id="${id}",name="outside",project="",window="1d"} 0\n`,
    );
  });

  it("reads 100% with an hour of downtime inside a 2-hour maintenance window, and says how many checks it left out", async () => {
    const id = await service("inside");
    const now = Date.now();
    // 2 hours, ending shortly after now: the checks 15, 30, ..., 105 minutes ago fall inside it.
    const window = await callOn(dedicated.server)("POST", "/maintenance-windows", {
      token: owner.access,
      body: {
        title: "Upgrade",
        starts_at: new Date(now - 115 * MIN).toISOString(),
        ends_at: new Date(now + 5 * MIN).toISOString(),
        targets: { service_ids: [id] },
      },
    });
    expect(window.status).toBe(201);
    const checks = await recordDay(id, now);
    const uptime = (
      await callOn(dedicated.server)("GET", `/services/${id}/metrics/uptime?period=24h`, { token: owner.access })
    ).body.data;
    const expected = {
      uptime_percentage: 100,
      total_checks: checks - 7,
      successful_checks: checks - 7,
      failed_checks: 0,
      maintenance_checks: 7,
      period: "24h",
    };
    expect(uptime).toEqual(expected);

    // A sweep rolls the closed hours up: the rollups keep the maintenance checks apart, and the figure stays.
    const swept = await sweep(null, {
      DATA_DIR: dedicated.server.dataDir,
      DATABASE_URL: dedicated.server.databaseUrl,
      APP_URL: dedicated.server.baseUrl,
    });
    expect(swept.code).toBe(0);
    expect(swept.report!.counts.rollup_rows).toBeGreaterThan(0);
    const rolled = await dedicated.db.query<{ m: number }>(
      "SELECT SUM(maintenance_total) AS m FROM check_rollups WHERE service_id = ?",
      [id],
    );
    expect(Number(rolled[0]!.m)).toBeGreaterThanOrEqual(4); // the closed hours' share of the 7 (at least those 60 to 105 minutes ago)
    expect(
      (await callOn(dedicated.server)("GET", `/services/${id}/metrics/uptime?period=24h`, { token: owner.access })).body
        .data,
    ).toEqual(expected);

    // The organization metrics leave the same checks out.
    const metrics = await callOn(dedicated.server)("GET", "/metrics", { token: owner.access });
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain(
      `lifeline_service_uptime_ratio{id="${id}",name="inside",project="",window="1d"} 1\n`,
    );
    // ... and say how many: the 7 checks under the window, in every window of the exposition.
    for (const w of ["1d", "7d", "30d"])
      expect(metrics.text).toContain(
        `lifeline_service_maintenance_checks{id="${id}",name="inside",project="",window="${w}"} 7\n`,
      );

    // A status page reads the rollups: 100% over 90 days, and it says how many checks it left out.
    const slug = `uptime-${Date.now()}`;
    const page = await callOn(dedicated.server)("POST", "/status-pages", {
      token: owner.access,
      body: { slug, title: "Status", components: [{ service_id: id }] },
    });
    expect(page.status).toBe(201);
    const published = await fetch(`${dedicated.server.baseUrl}/status/${slug}.json`);
    expect(published.status).toBe(200);
    const component = (
      (await published.json()) as { groups: { components: { uptime_90d: number; maintenance_checks_90d: number }[] }[] }
    ).groups[0]!.components[0]!;
    expect(component.uptime_90d).toBe(100);
    expect(component.maintenance_checks_90d).toBe(Number(rolled[0]!.m));
    const html = await (await fetch(`${dedicated.server.baseUrl}/status/${slug}`)).text();
    expect(html).toContain(
      `100% uptime over 90 days (${component.maintenance_checks_90d} checks during maintenance not counted)`,
    );

    // A badge reads the same rollups the same way.
    const badge = await callOn(dedicated.server)("POST", "/badges", { token: owner.access, body: { service_id: id } });
    expect(badge.status, badge.text).toBe(201);
    expect(((await (await fetch(badge.body.data.urls.json)).json()) as { uptime_30d: number }).uptime_30d).toBe(100);
  });
});

describe("a cron monitor's uptime on a status page", () => {
  it("leaves time under a maintenance window out of the time counted and the time down, and says how much", async () => {
    const api = callOn(dedicated.server);
    const monitor = async (name: string) => {
      const res = await api("POST", "/cron-monitors", {
        token: owner.access,
        body: { name, schedule_kind: "period", period_seconds: 3600 },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as number;
    };
    const [quiet, loud] = [await monitor("quiet"), await monitor("loud")];
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 60 * MIN);
    // Both monitors: created 10 hours ago, down from 4 to 2 hours ago (an incident as the sweeper records one).
    for (const id of [quiet, loud]) {
      await dedicated.db.run("UPDATE cron_monitors SET created_at = ? WHERE id = ?", [hoursAgo(10), id]);
      await dedicated.db.run(
        `INSERT INTO incidents (org_id, cron_monitor_id, kind, status, reason, opened_at, resolved_at)
         SELECT org_id, id, 'missed', 'resolved', 'missed ping', ?, ? FROM cron_monitors WHERE id = ?`,
        [hoursAgo(4), hoursAgo(2), id],
      );
    }
    // A window from 5 to 1 hours ago over the first one: the 2 hours down are inside it.
    const window = await api("POST", "/maintenance-windows", {
      token: owner.access,
      body: {
        title: "Migration",
        starts_at: hoursAgo(5).toISOString(),
        ends_at: hoursAgo(1).toISOString(),
        targets: { cron_monitor_ids: [quiet] },
      },
    });
    expect(window.status, window.text).toBe(201);
    const slug = `cron-uptime-${Date.now()}`;
    const page = await api("POST", "/status-pages", {
      token: owner.access,
      body: { slug, title: "Jobs", components: [{ cron_monitor_id: quiet }, { cron_monitor_id: loud }] },
    });
    expect(page.status, page.text).toBe(201);
    const published = await fetch(`${dedicated.server.baseUrl}/status/${slug}.json`);
    expect(published.status).toBe(200);
    type Component = { name: string; uptime_90d: number; maintenance_seconds_90d: number };
    const [inside, outside] = ((await published.json()) as { groups: { components: Component[] }[] }).groups[0]!
      .components;
    // 10 hours less the 4 of the window, none of them down; the other: 2 of about 10 hours down.
    expect(inside).toMatchObject({ name: "quiet", uptime_90d: 100, maintenance_seconds_90d: 4 * 3600 });
    expect(outside!.maintenance_seconds_90d).toBe(0);
    expect(outside!.uptime_90d).toBeGreaterThan(79.9);
    expect(outside!.uptime_90d).toBeLessThan(80.1);
    const html = await (await fetch(`${dedicated.server.baseUrl}/status/${slug}`)).text();
    expect(html).toContain("100% uptime over 90 days (4 h of maintenance not counted)");

    // Badges leave the same time out.
    const badgeOf = async (cron_monitor_id: number) => {
      const res = await api("POST", "/badges", { token: owner.access, body: { cron_monitor_id } });
      expect(res.status, res.text).toBe(201);
      return ((await (await fetch(res.body.data.urls.json)).json()) as { uptime_30d: number }).uptime_30d;
    };
    expect(await badgeOf(quiet)).toBe(100);
    expect(await badgeOf(loud)).toBeLessThan(80.1);
  });
});

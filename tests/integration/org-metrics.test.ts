import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, baseUrl, expectStandardError, registerUser, serviceToken, type TestUser } from "../support/http";
import { createMonitor, ping, type TestMonitor } from "../support/monitors";
import { startPrometheus, promtoolCheck, queryUntil, type RunningPrometheus } from "../support/prometheus";
import { createProject, orgIdOf, seedRuns, testDb } from "../support/seed";
import { sweep } from "../support/sweeper";

/**
 * The organization metrics (`GET /api/v1/metrics`, docs/api-metrics.md) over real HTTP on both
 * engines: monitors and services are put in known states (pings through the real ping route, states
 * and check results seeded as the sweeper and the probes write them), then read as text, as
 * OpenMetrics, by promtool and by a real Prometheus scraping the server.
 */
const HOUR = 3_600_000;
const PROJECT = 'Nightly "jobs" \\ ops';

let alice: TestUser;
let bob: TestUser;
let metricsToken: string;
let upMonitor: TestMonitor;
let downMonitor: TestMonitor;
let pausedMonitor: TestMonitor;
let newMonitor: TestMonitor;
let bobMonitor: TestMonitor;
let serviceId: number;

/** The i-th of up to 10 instants before `now` in now's hour, newest first. */
const inCurrentHour = (now: number, i: number) => {
  const hour = Math.floor(now / HOUR) * HOUR;
  return now - Math.floor(((now - hour) * (i + 1)) / 11);
};

async function newService(user: TestUser, name: string, projectId: number | null = null): Promise<number> {
  const res = await call("POST", "/services", {
    token: user.access,
    body: { name, type: "http", config: { url: "https://example.com/" }, enabled: false, project_id: projectId },
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const scrape = (token: string, headers: Record<string, string> = {}) => call("GET", "/metrics", { token, headers });

/** The value of one sample line (`name{labels} value`) whose labels include all the given ones. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

beforeAll(async () => {
  alice = await registerUser("metrics-alice");
  bob = await registerUser("metrics-bob");
  metricsToken = await serviceToken(alice, ["metrics.read"]);
  const project = await createProject(alice, PROJECT);
  upMonitor = await createMonitor(alice, { name: "backup", project_id: project });
  downMonitor = await createMonitor(alice, { name: "reports" });
  pausedMonitor = await createMonitor(alice, { name: "archive" });
  newMonitor = await createMonitor(alice, { name: "fresh" });
  bobMonitor = await createMonitor(bob, { name: "bob-secret-job" });
  expect((await ping(upMonitor.ping_token)).status).toBe(200);
  await testDb().run(`UPDATE cron_monitors SET state = 'down' WHERE id = ?`, [downMonitor.id]);
  await testDb().run(`UPDATE cron_monitors SET paused = ? WHERE id = ?`, [true, pausedMonitor.id]);
  const now = Date.now();
  await seedRuns(downMonitor.id, [
    { status: "fail", startedAt: new Date(now - 3 * HOUR), durationMs: 2_000 },
    { status: "fail", startedAt: new Date(now - 2 * HOUR), durationMs: 1_500 },
    { status: "fail", startedAt: new Date(now - 30 * HOUR), durationMs: 1_000 }, // outside 24 h
  ]);

  serviceId = await newService(alice, "api", project);
  await newService(bob, "bob-secret-service");
  await testDb().run(`UPDATE services SET enabled = ?, status = 'operational' WHERE id = ?`, [true, serviceId]);
  // 10 checks in the current hour (which no sweep rolls up before it closes), 9 up; the newest saw a
  // certificate with 42 days left.
  for (let i = 0; i < 10; i++) {
    await testDb().run(
      `INSERT INTO check_results (service_id, probe_id, slot, started_at, up, response_time_ms, certificate_days_left) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [serviceId, 1, null, new Date(inCurrentHour(now, i)), i !== 5, 120, i === 0 ? 42 : null],
    );
  }
  // The newest lane result (as a probe's report writes it) took 250 ms.
  expect(
    await testDb().run(
      `UPDATE service_lanes SET outcome = 'up', response_time_ms = 250, result_at = ? WHERE service_id = ?`,
      [new Date(now - 60_000), serviceId],
    ),
  ).toBeGreaterThan(0);
  const aliceOrg = await orgIdOf(alice.orgSlug);
  const bobOrg = await orgIdOf(bob.orgSlug);
  for (const [org, monitor] of [
    [aliceOrg, downMonitor.id],
    [aliceOrg, pausedMonitor.id],
    [bobOrg, bobMonitor.id],
  ] as const) {
    await testDb().run(
      `INSERT INTO incidents (org_id, cron_monitor_id, kind, status, reason, opened_at) VALUES (?, ?, 'missed', 'open', '', ?)`,
      [org, monitor, new Date()],
    );
  }
});

describe("GET /api/v1/metrics", () => {
  it("answers the organization's monitors, services and open incidents in the text format that promtool accepts", async () => {
    const res = await scrape(metricsToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = res.text;
    expect(promtoolCheck(text)).toEqual({ status: 0, output: "" });

    const escapedProject = 'Nightly \\"jobs\\" \\\\ ops';
    expect(text).toContain(
      `lifeline_cron_monitor_up{id="${upMonitor.id}",name="backup",project="${escapedProject}"} 1`,
    );
    expect(sample(text, "lifeline_cron_monitor_up", { id: String(downMonitor.id) })).toBe(0);
    expect(sample(text, "lifeline_cron_monitor_up", { id: String(pausedMonitor.id) })).toBeUndefined();
    expect(sample(text, "lifeline_cron_monitor_up", { id: String(newMonitor.id) })).toBeUndefined();
    expect(sample(text, "lifeline_cron_monitor_state", { id: String(pausedMonitor.id), state: "paused" })).toBe(1);
    expect(sample(text, "lifeline_cron_monitor_state", { id: String(pausedMonitor.id), state: "up" })).toBeUndefined();
    expect(sample(text, "lifeline_cron_monitor_state", { id: String(downMonitor.id), state: "down" })).toBe(1);
    expect(sample(text, "lifeline_cron_monitor_state", { id: String(newMonitor.id), state: "new" })).toBe(1);
    const lastPing = sample(text, "lifeline_cron_monitor_last_ping_timestamp_seconds", { id: String(upMonitor.id) })!;
    expect(Math.abs(lastPing - Date.now() / 1000)).toBeLessThan(120);
    expect(sample(text, "lifeline_cron_monitor_last_run_duration_seconds", { id: String(downMonitor.id) })).toBe(1.5);
    expect(sample(text, "lifeline_cron_monitor_failed_runs_24h", { id: String(downMonitor.id) })).toBe(2);
    expect(sample(text, "lifeline_cron_monitor_failed_runs_24h", { id: String(upMonitor.id) })).toBe(0);

    expect(sample(text, "lifeline_service_up", { id: String(serviceId), name: "api" })).toBe(1);
    expect(sample(text, "lifeline_service_status", { id: String(serviceId), status: "operational" })).toBe(1);
    expect(sample(text, "lifeline_service_response_time_seconds", { id: String(serviceId) })).toBe(0.25);
    expect(sample(text, "lifeline_service_uptime_ratio", { id: String(serviceId), window: "1d" })).toBe(0.9);
    expect(sample(text, "lifeline_service_uptime_ratio", { id: String(serviceId), window: "30d" })).toBe(0.9);
    // The newest check (in the current hour) saw 42 whole days left.
    const expiry = sample(text, "lifeline_service_tls_certificate_expiry_timestamp_seconds", {
      id: String(serviceId),
    })!;
    expect(Math.abs(expiry - (Date.now() / 1000 + 42 * 86_400))).toBeLessThan(3_700);
    expect(text).toMatch(/^lifeline_open_incidents 2$/m);
  });

  it("never shows another organization's monitors, services or incidents", async () => {
    const mine = await scrape(metricsToken);
    expect(mine.text).not.toContain("bob-secret");
    expect(mine.text).not.toContain(`id="${bobMonitor.id}"`);
    const bobs = await scrape(await serviceToken(bob, ["metrics.read"]));
    expect(bobs.status).toBe(200);
    expect(bobs.text).toContain("bob-secret-job");
    expect(bobs.text).not.toContain("backup");
    expect(bobs.text).toMatch(/^lifeline_open_incidents 1$/m);
    // Alice's token naming Bob's organization is refused.
    expectStandardError(await scrape(metricsToken, { "x-org-slug": bob.orgSlug }), 403, "FORBIDDEN");
  });

  it("answers OpenMetrics when the Accept header asks for it, ending in one # EOF, every sample under its family's TYPE, and promtool accepts it", async () => {
    const res = await scrape(metricsToken, {
      accept: "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/openmetrics-text; version=1.0.0; charset=utf-8");
    expect(res.text.endsWith("# EOF\n")).toBe(true);
    expect(res.text.match(/^# EOF$/gm)).toHaveLength(1);
    expect(res.text).toContain(`lifeline_cron_monitor_up{id="${upMonitor.id}"`);
    // OpenMetrics' grammar for what this endpoint writes (gauges only): HELP and TYPE before a family's
    // samples, a sample is `name{labels} value` of a declared family. (A real Prometheus negotiates
    // this form too: the scrape test below reads it.)
    const declared = new Set<string>();
    const lines = res.text.split("\n").slice(0, -2); // the last two: "# EOF" and the empty string after it
    for (const line of lines) {
      const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) gauge$/.exec(line);
      if (type) declared.add(type[1]!);
      else if (!line.startsWith("# HELP ")) {
        const sample =
          /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\["\\n])*",?)*\})? (?:-?[0-9.e+-]+|NaN|[+-]Inf)$/.exec(
            line,
          );
        expect(sample, `not an OpenMetrics line: ${line}`).not.toBeNull();
        expect(declared.has(sample![1]!), `sample before its TYPE: ${line}`).toBe(true);
      }
    }
    expect(declared.size).toBeGreaterThanOrEqual(11);
    // promtool check metrics reads the Prometheus text format, of which these lines are also valid.
    expect(promtoolCheck(res.text)).toEqual({ status: 0, output: "" });
  });

  it("needs metrics.read: a token without it is 403, no credentials 401, and metrics.read grants nothing else", async () => {
    const viewer = await serviceToken(alice, ["cronmonitor.view"]);
    expectStandardError(await scrape(viewer), 403, "FORBIDDEN");
    expectStandardError(await call("GET", "/metrics"), 401, "UNAUTHORIZED");
    expectStandardError(await call("GET", "/cron-monitors", { token: metricsToken }), 403, "FORBIDDEN");
    expect((await scrape(alice.access)).status).toBe(200); // the owner's role holds it
  });
});

describe("uptime ratios from the hourly rollups", () => {
  it("reads rolled-up hours from check_rollups and the hours after the watermark from raw results", async () => {
    const rolled = await newService(alice, "rolled");
    await testDb().run(`UPDATE services SET enabled = ?, status = 'degraded' WHERE id = ?`, [true, rolled]);
    const now = Date.now();
    const threeDaysAgo = Math.floor((now - 3 * 24 * HOUR) / HOUR) * HOUR + 10 * 60_000;
    const seed = (at: number, up: boolean) =>
      testDb().run(
        `INSERT INTO check_results (service_id, probe_id, slot, started_at, up, response_time_ms) VALUES (?, ?, ?, ?, ?, ?)`,
        [rolled, 1, null, new Date(at), up, 100],
      );
    for (let i = 0; i < 10; i++) await seed(threeDaysAgo + i * 60_000, i % 2 === 0); // 5 of 10 up
    for (let i = 0; i < 4; i++) await seed(inCurrentHour(now, i), true); // 4 of 4 up, not rolled up (current hour)
    // A backfill is rolled up only from scratch: forget the watermark, then sweep as the sweeper does.
    await testDb().run(`DELETE FROM system_status WHERE key = 'check_rollups'`);
    expect((await sweep(null)).code).toBe(0);
    // The hour three days ago now lives in its rollup alone.
    expect(
      await testDb().run(`DELETE FROM check_results WHERE service_id = ? AND started_at < ?`, [
        rolled,
        new Date(now - 24 * HOUR),
      ]),
    ).toBe(10);
    const text = (await scrape(metricsToken)).text;
    expect((await scrape(metricsToken)).text).toContain(
      `lifeline_service_uptime_ratio{id="${rolled}",name="rolled",project="",window="7d"} ${9 / 14}`,
    );
    expect(sample(text, "lifeline_service_uptime_ratio", { id: String(rolled), window: "1d" })).toBe(1);
    expect(sample(text, "lifeline_service_uptime_ratio", { id: String(rolled), window: "7d" })).toBe(9 / 14);
    expect(sample(text, "lifeline_service_uptime_ratio", { id: String(rolled), window: "30d" })).toBe(9 / 14);
    expect(sample(text, "lifeline_service_up", { id: String(rolled) })).toBe(1);
  }, 60_000);
});

describe("a real Prometheus scraping the organization metrics", () => {
  let prom: RunningPrometheus;
  beforeAll(async () => {
    prom = await startPrometheus([{ url: `${baseUrl()}/api/v1/metrics`, bearer: metricsToken }]);
  }, 60_000);
  afterAll(async () => {
    await prom?.stop();
  });

  it("counts the down monitors and reads a service's uptime ratio through the query API", async () => {
    const down = await queryUntil(prom, "count(lifeline_cron_monitor_up == 0)", (r) => r.length > 0);
    expect(down.map((r) => r.value[1])).toEqual(["1"]);
    const ratio = await prom.query(`lifeline_service_uptime_ratio{id="${serviceId}",window="7d"}`);
    expect(ratio.map((r) => Number(r.value[1]))).toEqual([0.9]);
    const scrapeOk = await prom.query(`up{job="job0"}`);
    expect(scrapeOk.map((r) => r.value[1])).toEqual(["1"]);
    const project = await prom.query(`lifeline_cron_monitor_up{id="${upMonitor.id}"}`);
    expect(project[0]?.metric.project).toBe(PROJECT);
  }, 60_000);
});

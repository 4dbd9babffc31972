import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKind, databaseUrl } from "../support/db";
import { baseUrl, call, registerUser } from "../support/http";
import { startLifeline, type RunningLifeline } from "../support/lifeline";
import { startPingServer } from "../support/ping-server";
import { freePort } from "../support/ports";
import { privateProbe, startProbe } from "../support/probes";
import { setPlan } from "../support/projects";
import { promtoolCheck } from "../support/prometheus";
import { startSweep } from "../support/sweeper";

/**
 * The operator metrics (`/metrics` of each process, docs/api-metrics.md) over real HTTP on both
 * engines: a server started like `npm start` with METRICS_TOKEN takes a scripted load of pings and
 * its counters move by exactly that load; the suite's server (no METRICS_TOKEN) answers 404.
 */
const METRICS_TOKEN = `metrics-${crypto.randomUUID()}`;

let lifeline: RunningLifeline;

beforeAll(async () => {
  lifeline = await startLifeline({
    METRICS_TOKEN,
    ...(databaseKind() === "postgresql" ? { DATABASE_URL: databaseUrl() } : {}),
  });
}, 120_000);
afterAll(async () => {
  await lifeline?.stop();
});

const scrape = async (url: string, token: string | null = METRICS_TOKEN) => {
  const res = await fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, contentType: res.headers.get("content-type"), text: await res.text() };
};

/** The value of the sample `name` whose labels include the given ones (0 when absent). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    if (!(line.startsWith(`${name}{`) || line.startsWith(`${name} `))) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

const sendPing = (base: string, path: string) => fetch(`${base}/ping/${path}`).then((r) => r.status);

describe("operator metrics at /metrics", () => {
  it("answer 404 on a server started without METRICS_TOKEN", async () => {
    const res = await scrape(baseUrl());
    expect(res.status).toBe(404);
    expect(res.text).not.toContain("lifeline_");
  });

  it("need the bearer METRICS_TOKEN when it is set", async () => {
    expect((await scrape(lifeline.baseUrl, null)).status).toBe(401);
    expect((await scrape(lifeline.baseUrl, "wrong")).status).toBe(401);
    const ok = await scrape(lifeline.baseUrl);
    expect(ok.status).toBe(200);
    expect(ok.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("count pings by outcome, their commits and group commits, and REST requests by route, under a scripted load; promtool accepts the output", async () => {
    const api = `${lifeline.baseUrl}/api/v1`;
    const user = await registerUser("operator", api);
    const created = await call("POST", `${api}/cron-monitors`, {
      token: user.access,
      body: { name: "load", schedule_kind: "period", period_seconds: 3600 },
    });
    expect(created.status).toBe(201);
    const token = created.body.data.ping_token as string;
    const before = (await scrape(lifeline.baseUrl)).text;

    const ACCEPTED = 5; // the rate cap: 5 accepted pings per sliding minute
    const RATE_LIMITED = 3;
    const UNKNOWN = 2;
    const BAD = 2;
    for (let i = 0; i < ACCEPTED; i++) expect(await sendPing(lifeline.baseUrl, token)).toBe(200);
    for (let i = 0; i < RATE_LIMITED; i++) expect(await sendPing(lifeline.baseUrl, token)).toBe(429);
    for (let i = 0; i < UNKNOWN; i++)
      expect(await sendPing(lifeline.baseUrl, crypto.randomBytes(32).toString("base64url").slice(0, 43))).toBe(404);
    expect(await sendPing(lifeline.baseUrl, `${token}?rid=not-a-uuid`)).toBe(400);
    expect(await sendPing(lifeline.baseUrl, `${token}/start/extra/parts`)).toBe(400);

    const after = await scrape(lifeline.baseUrl);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      value(after.text, name, labels) - value(before, name, labels);
    expect(delta("lifeline_pings_total", { outcome: "accepted" })).toBe(ACCEPTED);
    expect(delta("lifeline_pings_total", { outcome: "rate_limited" })).toBe(RATE_LIMITED);
    expect(delta("lifeline_pings_total", { outcome: "unknown_token" })).toBe(UNKNOWN);
    expect(delta("lifeline_pings_total", { outcome: "bad_request" })).toBe(BAD);
    // Every ping that reached the store (all but the bad requests) was committed once, alone in its group here.
    expect(delta("lifeline_ping_commit_seconds_count")).toBe(ACCEPTED + RATE_LIMITED + UNKNOWN);
    expect(delta("lifeline_ping_group_commit_size_sum")).toBe(ACCEPTED + RATE_LIMITED + UNKNOWN);
    expect(
      value(after.text, "lifeline_http_requests_total", { route: "/cron-monitors", method: "POST", status: "201" }),
    ).toBe(1);
    expect(
      value(after.text, "lifeline_http_request_duration_seconds_count", { route: "/cron-monitors", method: "POST" }),
    ).toBe(1);
    expect(after.text).not.toContain(token); // no label ever carries a token
    expect(after.text).toContain("process_cpu_user_seconds_total");
    expect(after.text).toContain("nodejs_eventloop_lag_seconds");
    expect(after.text).toMatch(/^lifeline_outbox_backlog \d+$/m);
    expect(promtoolCheck(after.text)).toEqual({ status: 0, output: "" });
  }, 60_000);

  it("are served by the standalone ingest on its own port, with its own ping counters", async () => {
    const off = await startPingServer({ DATABASE_URL: databaseUrl() });
    const on = await startPingServer({ DATABASE_URL: databaseUrl(), METRICS_TOKEN });
    try {
      expect((await scrape(off.url)).status).toBe(404);
      expect(await sendPing(on.url, crypto.randomBytes(32).toString("base64url").slice(0, 43))).toBe(404);
      const res = await scrape(on.url);
      expect(res.status).toBe(200);
      expect(value(res.text, "lifeline_pings_total", { outcome: "unknown_token" })).toBeGreaterThanOrEqual(1);
      expect(promtoolCheck(res.text)).toEqual({ status: 0, output: "" });
    } finally {
      off.child.kill("SIGTERM");
      on.child.kill("SIGTERM");
    }
  }, 60_000);

  it("are served by a looping sweeper on SWEEPER_METRICS_PORT, with its sweep durations", async () => {
    const port = await freePort();
    const sweeper = startSweep(null, { METRICS_TOKEN, SWEEPER_METRICS_PORT: String(port), HOST: "127.0.0.1" }, [
      "--loop",
      "--interval",
      "3600",
    ]);
    try {
      await sweeper.started;
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 20_000;
      let res = await scrape(url).catch(() => null);
      while ((!res || value(res.text, "lifeline_sweep_duration_seconds_count") < 1) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        res = await scrape(url).catch(() => null);
      }
      expect(res?.status).toBe(200);
      expect(value(res!.text, "lifeline_sweep_duration_seconds_count")).toBe(1);
      expect(res!.text).toMatch(/^lifeline_outbox_backlog \d+$/m);
      expect(promtoolCheck(res!.text)).toEqual({ status: 0, output: "" });
      expect((await scrape(url, "wrong")).status).toBe(401);
    } finally {
      sweeper.child.kill("SIGTERM");
      await sweeper.done;
    }
  }, 60_000);

  it("are served by a probe agent on PROBE_METRICS_PORT, with its lease lag and results families, in a form promtool accepts", async () => {
    const owner = await registerUser("probe-metrics");
    await setPlan(owner, "enterprise"); // private probes
    const probe = await privateProbe(owner, "metrics");
    const port = await freePort();
    const agent = startProbe(baseUrl(), probe.token, {
      METRICS_TOKEN,
      PROBE_METRICS_PORT: String(port),
      HOST: "127.0.0.1",
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000; // a tsx start-up on a busy machine
      let res = await scrape(url).catch(() => null);
      while (res?.status !== 200 && Date.now() < deadline && agent.child.exitCode === null) {
        await new Promise((r) => setTimeout(r, 250));
        res = await scrape(url).catch(() => null);
      }
      expect(res?.status, agent.output().slice(-2000)).toBe(200);
      expect(res!.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res!.text).toContain("# TYPE lifeline_probe_lease_lag_seconds histogram");
      expect(res!.text).toContain("# TYPE lifeline_probe_results_total counter");
      expect(res!.text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(promtoolCheck(res!.text)).toEqual({ status: 0, output: "" });
      expect((await scrape(url, "wrong")).status).toBe(401);
      expect((await scrape(url, null)).status).toBe(401);
    } finally {
      await agent.stop();
    }
  }, 60_000);
});

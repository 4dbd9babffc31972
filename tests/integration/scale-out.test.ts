import crypto from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, inject, it } from "vitest";
import { databaseKind } from "../support/db";
import { openEngineDb, type EngineDb } from "../support/engine-db";
import { call } from "../support/http";
import { startLifeline, type RunningLifeline } from "../support/lifeline";
import { pingLoad } from "../support/load";
import { startPingServer } from "../support/ping-server";
import { freshDatabase } from "../support/pg-database";
import { eventually, startReceiver, startSweep } from "../support/sweeper";

// Decisions 9 on one machine: two web processes, two ingest processes and two sweepers over one
// PostgreSQL database share nothing but the database. Pings go to all four ingest points, one of
// each kind of process is killed with kill -9 in the middle, and still: every ping answered OK is
// stored, the 5-per-minute cap holds across processes, each overdue monitor gets one missed run,
// one incident and one notification.
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});
const kill9 = (child: ChildProcess, group = false) => {
  try {
    if (child.pid && child.exitCode === null) process.kill(group ? -child.pid : child.pid, "SIGKILL");
  } catch {
    /* already gone */
  }
};

describe.runIf(databaseKind() === "postgresql")("scale-out over one PostgreSQL", () => {
  it("loses no ping answered OK, duplicates and loses no incident or notification, and holds the rate cap when one of each process is killed", async () => {
    const databaseUrl = await freshDatabase(inject("pgAdminUrl")!, "lifeline_scale");
    const db: EngineDb = openEngineDb(databaseUrl);
    cleanup.push(() => db.close());
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const shared = {
      DATABASE_URL: databaseUrl,
      APP_SECRET: crypto.randomBytes(36).toString("base64url"),
      OUTBOUND_ALLOW_PRIVATE: "true",
    }; // the receiver is on loopback

    // Two web processes (no embedded sweeper), two ingest processes, two looping sweepers.
    const webs: RunningLifeline[] = await Promise.all(
      [0, 1].map(() => startLifeline(shared, { args: ["--web-only"] })),
    );
    for (const w of webs) cleanup.push(() => kill9(w.child, true));
    const ingests = await Promise.all([0, 1].map(() => startPingServer(shared)));
    for (const i of ingests) cleanup.push(() => kill9(i.child));
    const sweepers = [0, 1].map(() =>
      startSweep(null, { ...shared, APP_URL: webs[0]!.baseUrl, DELIVERY_BACKOFF_MS: "200" }, [
        "--loop",
        "--interval",
        "1",
      ]),
    );
    for (const s of sweepers) cleanup.push(() => kill9(s.child));
    await Promise.all(sweepers.map((s) => s.started));

    // A user (through web 0), the organization on a plan with room, a default webhook.
    const api = (web: RunningLifeline, p: string) => `${web.baseUrl}/api/v1${p}`;
    const reg = await call("POST", api(webs[0]!, "/auth/register"), {
      body: { email: `scale-${crypto.randomUUID().slice(0, 8)}@example.test`, password: "correct horse battery" },
    });
    expect(reg.status).toBe(201);
    const token = reg.body.data.access as string;
    await db.run("UPDATE organizations SET plan = 'enterprise'");
    const hook = await call("POST", api(webs[1]!, "/integrations"), {
      token,
      body: { name: "hook", kind: "webhook", url: receiver.url, is_default: true },
    });
    expect(hook.status).toBe(201);
    const create = async (i: number) => {
      const res = await call("POST", api(webs[i % 2]!, "/cron-monitors"), {
        token,
        body: { name: `m${i}`, schedule_kind: "period", period_seconds: 3600 },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data as { id: number; ping_token: string };
    };
    const capped = await Promise.all(Array.from({ length: 8 }, (_, i) => create(i)));
    const loaded = await Promise.all(Array.from({ length: 48 }, (_, i) => create(100 + i)));
    const endpoints = [...webs.map((w) => `${w.baseUrl}/ping`), ...ingests.map((i) => i.url)];

    // The rate cap across all four ingest points: 8 pings per monitor at once, 5 accepted.
    const capRun = await pingLoad(
      capped.flatMap((m) =>
        endpoints.flatMap((url) => [
          { url, token: m.ping_token },
          { url, token: m.ping_token },
        ]),
      ),
      { count: capped.length * 8, concurrency: 16, maxMs: 30_000 },
    ).done;
    expect(capRun.failed).toBe(0);
    for (const m of capped)
      expect(
        capRun.answeredOk.filter((a) => a.token === m.ping_token),
        `monitor ${m.id}`,
      ).toHaveLength(5);
    expect(capRun.limited).toBe(capped.length * 3);
    const cappedRuns = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM cron_runs WHERE monitor_id IN (${capped.map((m) => m.id).join(",")}) GROUP BY monitor_id`,
    );
    expect(cappedRuns.map((r) => r.n)).toEqual(capped.map(() => 5));

    // The load: 5 pings per monitor (the cap's worth), spread over the four ingest points.
    const targets = Array.from({ length: loaded.length * endpoints.length }, (_, k) => ({
      url: endpoints[k % endpoints.length]!,
      token: loaded[k % loaded.length]!.ping_token,
    }));
    const load = pingLoad(targets, { count: loaded.length * 5, concurrency: 12, maxMs: 60_000 });
    await load.whenOk(60);
    // Monitors whose expected ping is 10 minutes overdue: the sweepers find them while the load runs.
    const overdue = await seedOverdue(db, 30);
    await new Promise((r) => setTimeout(r, 300));
    kill9(webs[1]!.child, true);
    kill9(ingests[1]!.child);
    kill9(sweepers[1]!.child);
    const result = await load.done;
    expect(result.answeredOk.length).toBeGreaterThanOrEqual(60);

    const stored = new Set(
      (
        await db.query<{ rid: string }>(
          `SELECT rid FROM cron_runs WHERE monitor_id IN (${loaded.map((m) => m.id).join(",")})`,
        )
      ).map((r) => r.rid),
    );
    expect(result.answeredOk.filter((a) => !stored.has(a.rid))).toEqual([]);
    const perMonitor = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM cron_runs WHERE monitor_id IN (${loaded.map((m) => m.id).join(",")}) GROUP BY monitor_id`,
    );
    expect(Math.max(...perMonitor.map((r) => r.n))).toBeLessThanOrEqual(5);

    // One missed run, one incident and one incident.opened event per overdue monitor.
    const ids = overdue.join(",");
    await eventually(
      async () =>
        (await db.one<{ n: number }>(
          `SELECT count(*) AS n FROM cron_monitors WHERE id IN (${ids}) AND state = 'down'`,
        ))!.n === overdue.length,
      30_000,
    );
    const perOverdue = async (sql: string) => (await db.query<{ id: number; n: number }>(sql)).map((r) => r.n);
    expect(
      await perOverdue(
        `SELECT monitor_id AS id, count(*) AS n FROM cron_runs WHERE monitor_id IN (${ids}) AND status = 'missed' GROUP BY monitor_id`,
      ),
    ).toEqual(overdue.map(() => 1));
    expect(
      await perOverdue(
        `SELECT cron_monitor_id AS id, count(*) AS n FROM incidents WHERE cron_monitor_id IN (${ids}) GROUP BY cron_monitor_id`,
      ),
    ).toEqual(overdue.map(() => 1));
    const events = await db.query<{ id: number }>(
      `SELECT id FROM outbox WHERE event = 'incident.opened' AND cron_monitor_id IN (${ids}) ORDER BY id`,
    );
    expect(events).toHaveLength(overdue.length);

    // Notifications: the surviving sweeper delivers every event. Events the killed sweeper had
    // claimed wait for its lease; the lease is moved into the past here instead of waiting 5 minutes.
    await new Promise((r) => setTimeout(r, 3000));
    const takenOver = (
      await db.query<{ id: number }>(
        `SELECT id FROM outbox WHERE processed_at IS NULL AND claimed_by IS NOT NULL AND id IN (${events.map((e) => e.id).join(",")})`,
      )
    ).map((r) => r.id);
    if (takenOver.length)
      await db.run(`UPDATE outbox SET claimed_at = ? WHERE id IN (${takenOver.join(",")})`, [
        new Date(Date.now() - 3600_000),
      ]);
    await eventually(
      async () =>
        (await db.one<{ n: number }>(
          `SELECT count(*) AS n FROM outbox WHERE processed_at IS NULL AND id IN (${events.map((e) => e.id).join(",")})`,
        ))!.n === 0,
      30_000,
    );
    await new Promise((r) => setTimeout(r, 2500)); // the survivor polls every 2 s: give it the chance to resend
    const received = receiver.received.map((r) => JSON.parse(r.body) as { event_id: number; event: string });
    const opened = received.filter((r) => r.event === "incident.opened" && events.some((e) => e.id === r.event_id));
    expect(new Set(opened.map((r) => r.event_id))).toEqual(new Set(events.map((e) => e.id))); // none lost
    // None duplicated, except where a killed sender's attempt may have gone out unrecorded.
    const twice = opened.map((r) => r.event_id).filter((id, i, all) => all.indexOf(id) !== i);
    expect(twice.filter((id) => !takenOver.includes(id))).toEqual([]);
  }, 180_000);
});

/** Monitors of the organization, due 10 minutes ago (hourly, 5-minute grace), written straight in. */
async function seedOverdue(db: EngineDb, count: number): Promise<number[]> {
  const org = (await db.one<{ id: number }>("SELECT id FROM organizations ORDER BY id LIMIT 1"))!.id;
  const due = new Date(Date.now() - 10 * 60_000);
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, grace_seconds, state, next_expected_at, ping_token, created_at, updated_at)
         VALUES (?, ?, 'period', 3600, 300, 'up', ?, ?, ?, ?) RETURNING id`,
        [org, `overdue-${i}`, due, crypto.randomBytes(32).toString("base64url"), new Date(), new Date()],
      );
      ids.push(row!.id);
    }
  });
  return ids;
}

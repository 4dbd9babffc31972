import crypto from "node:crypto";
import type { Pool } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPgPool } from "../../src/server/storage/postgres/pool";
import { createPgPingStore } from "../../src/server/storage/postgres/ping-store";
import { openSqlite } from "../../src/server/storage/sqlite/connection";
import { createSqlitePingStore } from "../../src/server/storage/sqlite/ping-store";
import type { PingStore, RunEvent } from "../../src/server/storage/ping-store";
import { eventPlanner } from "../../src/server/ping/planner";
import { databaseKind, databaseUrl, testDb } from "../support/db";
import { registerUser } from "../support/http";
import { createMonitor } from "../support/monitors";

// The ping store records the events of one turn of the event loop as one group (one transaction).
// Several events of one monitor in the same group must see each other, exactly as if they came one
// after the other: on PostgreSQL a group runs in waves of one event per monitor. These tests hand
// the store such groups directly, on the test server's database.
const pools: Pool[] = [];
/** A ping store of its own connection(s): one per process in production. */
function openStore(): PingStore {
  if (databaseKind() === "sqlite")
    return createSqlitePingStore(openSqlite(databaseUrl().replace(/^file:/, "")), eventPlanner());
  const pool = openPgPool(databaseUrl(), 4);
  pools.push(pool);
  return createPgPingStore(pool, eventPlanner());
}
const store = openStore();
afterAll(async () => Promise.all(pools.map((p) => p.end())));

const event = (
  target: RunEvent["target"],
  kind: RunEvent["kind"],
  rid: string | null = null,
  rateCapped = true,
): RunEvent => ({
  target,
  kind,
  exitCode: kind === "fail" ? 1 : kind === "success" ? 0 : null,
  rid,
  log: null,
  source: "shell",
  meta: null,
  rateCapped,
  now: new Date(),
});

async function monitors(count: number) {
  const user = await registerUser("groups");
  const created = await Promise.all(Array.from({ length: count }, () => createMonitor(user)));
  return created as [(typeof created)[number], ...(typeof created)[number][]];
}

describe("one group holding several events of one monitor", () => {
  it("pairs a start and its completion sent in the same group into one finished run", async () => {
    const [m] = await monitors(1);
    const rid = crypto.randomUUID();
    const results = await Promise.all([
      store.record(event({ token: m.ping_token }, "start", rid)),
      store.record(event({ token: m.ping_token }, "success", rid)),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(["accepted", "accepted"]);
    const runs = await testDb().query("SELECT rid, status, duration_ms FROM cron_runs WHERE monitor_id = ?", [m.id]);
    expect(runs).toEqual([{ rid, status: "success", duration_ms: expect.any(Number) }]);
  });

  it("holds the 5-per-minute cap inside one group: of 7 pings, 5 are accepted and 2 refused", async () => {
    const [m] = await monitors(1);
    const results = await Promise.all(
      Array.from({ length: 7 }, () => store.record(event({ token: m.ping_token }, "success"))),
    );
    expect(results.filter((r) => r.outcome === "accepted")).toHaveLength(5);
    expect(results.filter((r) => r.outcome === "rate_limited")).toHaveLength(2);
    expect(await testDb().query("SELECT id FROM cron_runs WHERE monitor_id = ?", [m.id])).toHaveLength(5);
  });

  it("records a ping by token and a reported event by id for the same monitor in one group, one after the other", async () => {
    const [m, other] = (await monitors(2)) as [
      Awaited<ReturnType<typeof createMonitor>>,
      Awaited<ReturnType<typeof createMonitor>>,
    ];
    const { org_id: orgId } = (await testDb().one<{ org_id: number }>("SELECT org_id FROM cron_monitors WHERE id = ?", [
      m.id,
    ]))!;
    const rid = crypto.randomUUID();
    const results = await Promise.all([
      store.record(event({ token: m.ping_token }, "start", rid)),
      store.record(event({ monitorId: m.id, orgId }, "fail", rid, false)),
      store.record(event({ token: other.ping_token }, "success")),
      store.record(event({ token: "x".repeat(43) }, "success")),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(["accepted", "accepted", "accepted", "not_found"]);
    expect(await testDb().query("SELECT rid, status FROM cron_runs WHERE monitor_id = ?", [m.id])).toEqual([
      { rid, status: "fail" },
    ]);
    const monitor = await testDb().one("SELECT state, last_run_status FROM cron_monitors WHERE id = ?", [m.id]);
    expect(monitor).toMatchObject({ last_run_status: "fail" });
    expect(await testDb().query("SELECT kind, status FROM incidents WHERE cron_monitor_id = ?", [m.id])).toEqual([
      { kind: "failed", status: "open" },
    ]);
  });
});

describe("two processes' stores at the same moment", () => {
  it("pair the start and the completion of each run sent to different processes at once: every event accepted, one finished run each", async () => {
    const other = openStore();
    const ms = await monitors(10);
    // 20 runs per monitor: past the 5-per-minute cap, so these events are sent uncapped (as reported events are).
    const pairs = ms.flatMap((m) => Array.from({ length: 20 }, () => ({ m, rid: crypto.randomUUID() })));
    const results = await Promise.all(
      pairs.flatMap(({ m, rid }, i) => [
        (i % 2 ? store : other).record(event({ token: m.ping_token }, "start", rid, false)),
        (i % 2 ? other : store).record(event({ token: m.ping_token }, "success", rid, false)),
      ]),
    );
    expect(results.filter((r) => r.outcome !== "accepted")).toEqual([]);
    const runs = await testDb().query<{ rid: string; status: string }>(
      `SELECT rid, status FROM cron_runs WHERE monitor_id IN (${ms.map((m) => m.id).join(",")}) ORDER BY rid`,
    );
    expect(runs).toEqual(
      pairs.map(({ rid }) => ({ rid, status: "success" })).sort((a, b) => a.rid.localeCompare(b.rid)),
    );
  });
});

describe.runIf(databaseKind() === "postgresql")("a busy process's groups", () => {
  it("records events arriving turn after turn in a few large transactions, not one per turn, while its groups are in flight", async () => {
    const pool = openPgPool(databaseUrl(), 4);
    pools.push(pool);
    let transactions = 0;
    pool.on("connect", (client) => {
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
        if (a[0] === "BEGIN") transactions++;
        return query(...a);
      };
    });
    const busy = createPgPingStore(pool, eventPlanner());
    const ms = await monitors(10); // the free plan's limit
    // 200 success pings, one per turn of the event loop, each recorded before the previous ones commit.
    const pending: Promise<{ outcome: string }>[] = [];
    for (let i = 0; i < 200; i++) {
      pending.push(busy.record(event({ token: ms[i % ms.length]!.ping_token }, "success", null, false)));
      await new Promise((r) => setImmediate(r));
    }
    const results = await Promise.all(pending);
    expect(results.filter((r) => r.outcome !== "accepted")).toEqual([]);
    const runs = await testDb().one<{ n: number }>(
      `SELECT count(*) AS n FROM cron_runs WHERE monitor_id IN (${ms.map((m) => m.id).join(",")})`,
    );
    expect(runs!.n).toBe(200);
    // Two groups at most are in flight; the turns meanwhile wait and go together in the next group.
    expect(transactions).toBeLessThan(50);
  });
});

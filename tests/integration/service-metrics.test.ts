import { beforeAll, describe, expect, it } from "vitest";
import { dashboardCookie, trpcQuery } from "../support/dashboard";
import { testDb } from "../support/db";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { startSweep, sweep } from "../support/sweeper";

/**
 * Service metrics and errors (spec 4.4; docs/api-probes.md, "Metrics and errors") over real HTTP on
 * both engines. Check results are seeded straight into check_results (as the probes write them):
 * one every 30 minutes over 95 days, every 10th one failed. Expected figures come from a model of
 * the seeded rows in this file, computed with the time of each request.
 */
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RETENTION_DAYS = 14; // CHECK_RESULT_RETENTION_DAYS' default: the test server sets none
const PERIOD_MS = { "24h": DAY, "7d": 7 * DAY, "30d": 30 * DAY, "90d": 90 * DAY } as const;
const BUCKET_MS = { "24h": HOUR, "7d": 6 * HOUR, "30d": DAY, "90d": 3 * DAY } as const;
type Period = keyof typeof PERIOD_MS;
const PERIODS = Object.keys(PERIOD_MS) as Period[];

type Row = { at: number; up: boolean; ms: number; reason: string | null; status: number | null };

let alice: TestUser;
let bob: TestUser;
let main: number; // alice's service with 95 days of results
let empty: number; // alice's service with none
let bobs: number;
let rows: Row[] = [];

const iso = (t: number) => new Date(t).toISOString().slice(0, 19) + "Z";
const floorTo = (t: number, size: number) => Math.floor(t / size) * size;
const rank = (sorted: number[], p: number) => (sorted.length ? sorted[Math.ceil(p * sorted.length) - 1]! : null);
const uptimeOf = (s: number, t: number) => (t === 0 ? 100 : Math.floor((s * 100_000) / t) / 1000);

async function newService(user: TestUser, name: string): Promise<number> {
  // Disabled: no probe ever checks it, so only the seeded results exist.
  const res = await call("POST", "/services", {
    token: user.access,
    body: { name, type: "http", config: { url: "https://example.com/" }, enabled: false },
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function insertResults(serviceId: number, list: Row[]) {
  for (let i = 0; i < list.length; i += 200) {
    const chunk = list.slice(i, i + 200);
    await testDb().run(
      `INSERT INTO check_results (service_id, probe_id, slot, started_at, up, reason, status_code, response_time_ms) VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      chunk.flatMap((r) => [serviceId, 1, null, new Date(r.at), r.up, r.reason, r.status, r.ms]),
    );
  }
}

/** The window of a period as the service reads it: from now - period, or from the start of that hour when its raw results are past retention. */
function windowFrom(period: Period, now: number): number {
  const from = now - PERIOD_MS[period];
  return Math.ceil(from / HOUR) * HOUR <= now - RETENTION_DAYS * DAY ? floorTo(from, HOUR) : from;
}

function expectedUptime(period: Period, now: number) {
  const from = windowFrom(period, now);
  const inWindow = rows.filter((r) => r.at >= from && r.at <= now);
  const successful = inWindow.filter((r) => r.up).length;
  return {
    uptime_percentage: uptimeOf(successful, inWindow.length),
    total_checks: inWindow.length,
    successful_checks: successful,
    failed_checks: inWindow.length - successful,
    maintenance_checks: 0,
    period,
  };
}

function expectedBuckets(period: Period, now: number) {
  const size = BUCKET_MS[period];
  const count = Math.round(PERIOD_MS[period] / size);
  const last = floorTo(now, size);
  return Array.from({ length: count }, (_, i) => {
    const start = last - (count - 1 - i) * size;
    const ms = rows
      .filter((r) => r.up && r.at >= start && r.at < start + size)
      .map((r) => r.ms)
      .sort((a, b) => a - b);
    return {
      start: iso(start),
      count: ms.length,
      p50_ms: rank(ms, 0.5),
      p95_ms: rank(ms, 0.95),
      max_ms: ms.length ? ms.at(-1)! : null,
    };
  });
}

function expectedSparkline(now: number) {
  const current = floorTo(now, HOUR);
  return Array.from({ length: 24 }, (_, i) => {
    const start = current - (23 - i) * HOUR;
    const inHour = rows.filter((r) => r.at >= start && r.at < start + HOUR);
    const up = inHour.filter((r) => r.up);
    return {
      start: iso(start),
      uptime_percentage: inHour.length ? uptimeOf(up.length, inHour.length) : null,
      response_ms: up.length ? Math.round((up.reduce((a, r) => a + r.ms, 0) / up.length) * 10) / 10 : null,
    };
  });
}

const get = (user: TestUser, path: string) => call("GET", path, { token: user.access });

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser("alice"), registerUser("bob")]);
  [main, empty, bobs] = await Promise.all([
    newService(alice, "Main"),
    newService(alice, "Quiet"),
    newService(bob, "Bob's"),
  ]);
  const seededAt = Date.now();
  rows = Array.from({ length: 95 * 48 }, (_, k) => {
    const up = k % 10 !== 0;
    return {
      at: seededAt - 5 * MIN - k * 30 * MIN,
      up,
      ms: up ? 100 + (k % 7) * 10 : 10_000,
      reason: up ? null : "unexpected status 503",
      status: up ? 200 : 503,
    };
  });
  await insertResults(main, rows);
  // Results written long after their hour (a backfill) are rolled up only from scratch: forget the watermark.
  await testDb().run(`DELETE FROM system_status WHERE key = 'check_rollups'`);
});

describe("uptime", () => {
  it("answers exactly the spec's shape for each period, from raw results", async () => {
    for (const period of PERIODS) {
      const now = Date.now();
      const res = await get(alice, `/services/${main}/metrics/uptime?period=${period}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(["data"]);
      expect(Object.keys(res.body.data).sort()).toEqual([
        "failed_checks",
        "maintenance_checks",
        "period",
        "successful_checks",
        "total_checks",
        "uptime_percentage",
      ]);
      expect(res.body.data).toEqual(expectedUptime(period, now));
    }
    const day = (await get(alice, `/services/${main}/metrics/uptime`)).body.data;
    expect(day.period).toBe("24h");
    expect(day.total_checks).toBe(48);
    expect(day.failed_checks).toBe(5);
  });

  it("is 100 with no checks", async () => {
    const res = await get(alice, `/services/${empty}/metrics/uptime?period=7d`);
    expect(res.body).toEqual({
      data: {
        uptime_percentage: 100,
        total_checks: 0,
        successful_checks: 0,
        failed_checks: 0,
        maintenance_checks: 0,
        period: "7d",
      },
    });
  });

  it("refuses an unknown period with 400 VALIDATION_ERROR keyed period", async () => {
    for (const path of [
      `/services/${main}/metrics/uptime?period=1y`,
      `/services/${main}/metrics/response-times?period=24`,
    ]) {
      const res = await get(alice, path);
      expectStandardError(res, 400, "VALIDATION_ERROR");
      expect(Object.keys(res.body.error.details)).toEqual(["period"]);
    }
  });
});

describe("response times", () => {
  it("gives fixed, aligned buckets with exact percentiles of successful checks from raw results", async () => {
    for (const period of ["24h", "7d"] as const) {
      const now = Date.now();
      const res = await get(alice, `/services/${main}/metrics/response-times?period=${period}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        period,
        bucket_seconds: BUCKET_MS[period] / 1000,
        buckets: expectedBuckets(period, now),
      });
    }
    const quiet = (await get(alice, `/services/${empty}/metrics/response-times`)).body.data;
    expect(quiet.buckets).toHaveLength(24);
    expect(
      quiet.buckets.every((b: any) => b.count === 0 && b.p50_ms === null && b.p95_ms === null && b.max_ms === null),
    ).toBe(true);
  });
});

describe("sparkline", () => {
  it("has 24 hourly points, the current hour last, null where an hour had no checks", async () => {
    const now = Date.now();
    const res = await get(alice, `/services/${main}/metrics/sparkline`);
    expect(res.status).toBe(200);
    expect(res.body.data.points).toHaveLength(24);
    expect(res.body.data.points).toEqual(expectedSparkline(now));
    const quiet = (await get(alice, `/services/${empty}/metrics/sparkline`)).body.data.points;
    expect(quiet).toHaveLength(24);
    expect(quiet.every((p: any) => p.uptime_percentage === null && p.response_ms === null)).toBe(true);
  });
});

describe("errors", () => {
  it("lists failed checks newest first, paginated with the standard meta", async () => {
    const failures = rows.filter((r) => !r.up); // newest first already
    const first = await get(alice, `/services/${main}/errors?limit=5`);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({
      page: 1,
      limit: 5,
      total: failures.length,
      totalPages: Math.ceil(failures.length / 5),
    });
    expect(first.body.data).toHaveLength(5);
    expect(Object.keys(first.body.data[0]).sort()).toEqual([
      "id",
      "probe_id",
      "reason",
      "response_time_ms",
      "screenshot",
      "started_at",
      "status_code",
      "steps",
    ]);
    expect(first.body.data.map((e: any) => e.started_at)).toEqual(failures.slice(0, 5).map((r) => iso(r.at)));
    expect(first.body.data[0]).toMatchObject({
      reason: "unexpected status 503",
      status_code: 503,
      response_time_ms: 10_000,
      probe_id: 1,
    });
    const second = await get(alice, `/services/${main}/errors?page=2&limit=5`);
    expect(second.body.data.map((e: any) => e.started_at)).toEqual(failures.slice(5, 10).map((r) => iso(r.at)));
    const ids = [...first.body.data, ...second.body.data].map((e: any) => e.id);
    expect(new Set(ids).size).toBe(10);
    const beyond = await get(alice, `/services/${main}/errors?page=1000&limit=100`);
    expect(beyond.body).toEqual({
      data: [],
      meta: { page: 1000, limit: 100, total: failures.length, totalPages: Math.ceil(failures.length / 100) },
    });
    const none = await get(alice, `/services/${empty}/errors`);
    expect(none.body).toEqual({ data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0 } });
    expectStandardError(await get(alice, `/services/${main}/errors?limit=101`), 400, "VALIDATION_ERROR");
  });
});

describe("another user's service", () => {
  it("is 404 on every route, as is a missing one", async () => {
    for (const id of [main, 99_999_999]) {
      for (const path of [`/metrics/uptime?period=90d`, `/metrics/response-times`, `/metrics/sparkline`, `/errors`]) {
        expectStandardError(await get(bob, `/services/${id}${path}`), 404, "NOT_FOUND");
      }
    }
  });
});

describe("the dashboard's pulse", () => {
  it("answers the caller's services only, in the order asked, with the 24-hour uptime and sparkline", async () => {
    const cookie = await dashboardCookie(baseUrl(), alice.email, alice.password);
    const now = Date.now();
    const res = await trpcQuery(baseUrl(), "serviceMetrics.pulse", { ids: [empty, bobs, main, main] }, { cookie });
    expect(res.status).toBe(200);
    const data = res.body.result.data.data;
    expect(data.map((d: any) => d.id)).toEqual([empty, main]);
    expect(data[0]).toEqual({ id: empty, uptime_24h: null, sparkline: expect.any(Array) });
    expect(data[0].sparkline).toHaveLength(24);
    expect(data[1].uptime_24h).toBe(expectedUptime("24h", now).uptime_percentage);
    expect(data[1].sparkline).toEqual(expectedSparkline(now));
    const bobCookie = await dashboardCookie(baseUrl(), bob.email, bob.password);
    expect(
      (await trpcQuery(baseUrl(), "serviceMetrics.pulse", { ids: [main, empty] }, { cookie: bobCookie })).body.result
        .data.data,
    ).toEqual([]);
    const tooMany = await trpcQuery(
      baseUrl(),
      "serviceMetrics.pulse",
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { cookie },
    );
    expect(tooMany.status).toBe(400);
  });
});

describe("rollups and housekeeping", () => {
  it("rolls closed hours up, deletes raw results past retention and old rollups, and the figures stay the same", async () => {
    // Rollups of alice's quiet service 401 and 399 days ago: the first is past the 400 days kept.
    const old = floorTo(Date.now() - 401 * DAY, HOUR);
    const kept = floorTo(Date.now() - 399 * DAY, HOUR);
    for (const hour of [old, kept]) {
      await testDb().run(
        `INSERT INTO check_rollups (service_id, hour, total, successful, response_sum_ms, response_max_ms) VALUES (?, ?, 1, 1, 100, 100)`,
        [empty, new Date(hour)],
      );
    }
    // A screenshot of the oldest result (past retention) and one of the newest: only the first goes.
    const [oldest, newest] = await Promise.all(
      ["ASC", "DESC"].map((order) =>
        testDb().one<{ id: number }>(
          `SELECT id FROM check_results WHERE service_id = ? ORDER BY started_at ${order}, id ${order} LIMIT 1`,
          [main],
        ),
      ),
    );
    for (const result of [oldest!, newest!])
      await testDb().run(
        `INSERT INTO check_screenshots (result_id, service_id, step, image) VALUES (?, ?, 'load', ?)`,
        [result.id, main, Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
      );
    const run = await sweep(null);
    expect(run.code).toBe(0);
    const counts = run.report!.counts;
    expect(counts.rollup_rows).toBeGreaterThan(0);
    const shots = await testDb().query<{ result_id: number }>(
      `SELECT result_id FROM check_screenshots WHERE service_id = ? ORDER BY result_id`,
      [main],
    );
    expect(shots.map((r) => Number(r.result_id))).toEqual([Number(newest!.id)]);
    const swept = Date.now();

    const pastRetention = rows.filter((r) => r.at < swept - RETENTION_DAYS * DAY - 5 * MIN).length;
    expect(counts.results_deleted).toBeGreaterThanOrEqual(pastRetention);
    const raw = await testDb().one<{ n: number; oldest: string }>(
      `SELECT COUNT(*) AS n, MIN(started_at) AS oldest FROM check_results WHERE service_id = ?`,
      [main],
    );
    expect(Date.parse(raw!.oldest)).toBeGreaterThanOrEqual(swept - RETENTION_DAYS * DAY - 60_000);

    // Every closed hour is rolled up, so the rollups hold every seeded result but the current hour's.
    const rolled = await testDb().one<{ total: number; successful: number }>(
      `SELECT SUM(total) AS total, SUM(successful) AS successful FROM check_rollups WHERE service_id = ?`,
      [main],
    );
    const closed = rows.filter((r) => r.at < floorTo(swept, HOUR));
    expect(Number(rolled!.total)).toBe(closed.length);
    expect(Number(rolled!.successful)).toBe(closed.filter((r) => r.up).length);
    expect(counts.rollups_deleted).toBeGreaterThanOrEqual(1);
    const quietRollups = await testDb().query<{ hour: string }>(`SELECT hour FROM check_rollups WHERE service_id = ?`, [
      empty,
    ]);
    expect(quietRollups.map((r) => Date.parse(r.hour))).toEqual([kept]);

    // 90 days now read rollups (the raw results before 14 days are gone) and still count every check.
    for (const period of PERIODS) {
      const now = Date.now();
      const res = await get(alice, `/services/${main}/metrics/uptime?period=${period}`);
      expect(res.body.data).toEqual(expectedUptime(period, now));
    }

    // Response times past raw retention come from rollups: counts and maxima exact, percentiles within the bucket's range.
    const now = Date.now();
    const res = await get(alice, `/services/${main}/metrics/response-times?period=90d`);
    const expected = expectedBuckets("90d", now);
    expect(res.body.data.buckets).toHaveLength(30);
    res.body.data.buckets.forEach((b: any, i: number) => {
      const e = expected[i]!;
      expect({ start: b.start, count: b.count, max_ms: b.max_ms }).toEqual({
        start: e.start,
        count: e.count,
        max_ms: e.max_ms,
      });
      if (e.count > 0) {
        expect(b.p50_ms).toBeGreaterThanOrEqual(100);
        expect(b.p95_ms).toBeGreaterThanOrEqual(b.p50_ms);
        expect(b.p95_ms).toBeLessThanOrEqual(e.max_ms!);
      }
    });
    expect((await get(alice, `/services/${main}/metrics/response-times?period=24h`)).body.data.buckets).toEqual(
      expectedBuckets("24h", Date.now()),
    );
    expect((await get(alice, `/services/${main}/metrics/sparkline`)).body.data.points).toEqual(
      expectedSparkline(Date.now()),
    );

    // A second sweep within the same hour has nothing to roll up (the last rollup is under 5 minutes old).
    const again = (await sweep(null)).report!.counts;
    if (floorTo(Date.now(), HOUR) === floorTo(swept, HOUR)) expect(again.rollup_rows).toBe(0);
    expect(again.rollups_deleted).toBe(0);
  });
});

describe("two sweepers at once", () => {
  it("roll up the same hours once between them, and agree on the watermark", async () => {
    const id = await newService(alice, "Raced");
    const now = Date.now();
    const recent: Row[] = Array.from({ length: 60 }, (_, k) => ({
      at: now - 2 * MIN - k * 4 * MIN,
      up: k % 6 !== 0,
      ms: 50 + k,
      reason: null,
      status: 200,
    }));
    await insertResults(id, recent);
    // The last rollup was 4 hours ago: both sweepers find the hours since then (and the 2 before) to roll up.
    const through = floorTo(now, HOUR) - 4 * HOUR;
    await testDb().run(`UPDATE system_status SET value = ? WHERE key = 'check_rollups'`, [
      JSON.stringify({ through: new Date(through).toISOString(), at: new Date(through).toISOString() }),
    ]);
    const a = startSweep(null);
    const b = startSweep(null);
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect([ra.code, rb.code]).toEqual([0, 0]);
    const closedHour = floorTo(Date.now(), HOUR);
    const rolled = await testDb().query<{ hour: string; total: number; successful: number }>(
      `SELECT hour, total, successful FROM check_rollups WHERE service_id = ? ORDER BY hour`,
      [id],
    );
    const expected = new Map<number, { total: number; successful: number }>();
    for (const r of recent.filter((r) => r.at < closedHour)) {
      const h = floorTo(r.at, HOUR);
      const e = expected.get(h) ?? { total: 0, successful: 0 };
      e.total++;
      if (r.up) e.successful++;
      expected.set(h, e);
    }
    expect(rolled.map((r) => [Date.parse(r.hour), Number(r.total), Number(r.successful)])).toEqual(
      [...expected.entries()].sort(([x], [y]) => x - y).map(([h, e]) => [h, e.total, e.successful]),
    );
    const watermark = await testDb().one<{ value: string }>(
      `SELECT value FROM system_status WHERE key = 'check_rollups'`,
    );
    expect(Date.parse(JSON.parse(watermark!.value).through)).toBe(closedHour);
    // And the figures read through them equal the raw count.
    const res = await get(alice, `/services/${id}/metrics/uptime?period=24h`);
    expect(res.body.data.total_checks).toBe(recent.length);
    expect(res.body.data.successful_checks).toBe(recent.filter((r) => r.up).length);
  });
});

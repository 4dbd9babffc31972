import { describe, expect, it } from "vitest";
import {
  HOUR_MS,
  PERIODS,
  ROLLUP_LATE_HOURS,
  ROLLUP_MAX_HOURS_PER_SWEEP,
  ROLLUP_REFRESH_MS,
  SPARKLINE_POINTS,
  bucketStarts,
  ceilHour,
  floorHour,
  nearestRank,
  parseWatermark,
  rawDeleteCutoff,
  rawFromOf,
  roundMs,
  rollupSpan,
  rollupStart,
  splitWindow,
  uptimeOrNull,
  uptimePercentage,
} from "../../src/server/domain/check-metrics";
import { METRIC_PERIODS } from "../../src/shared/schemas/service-metrics";

const T = Date.parse("2026-11-23T13:37:20Z");
const DAY = 24 * HOUR_MS;

describe("uptime figures", () => {
  it("is 100 with no checks, rounds down to 3 decimals so one failure never reads 100", () => {
    expect(uptimePercentage(0, 0)).toBe(100);
    expect(uptimePercentage(10, 10)).toBe(100);
    expect(uptimePercentage(129_599, 129_600)).toBe(99.999);
    expect(uptimePercentage(999, 1000)).toBe(99.9);
    expect(uptimePercentage(2, 3)).toBe(66.666);
    expect(uptimePercentage(0, 5)).toBe(0);
    expect(uptimeOrNull(0, 0)).toBeNull();
    expect(uptimeOrNull(1, 2)).toBe(50);
  });

  it("rounds response times to a tenth of a millisecond", () => {
    expect(roundMs(12.345)).toBe(12.3);
    expect(roundMs(null)).toBeNull();
  });
});

describe("nearest-rank percentiles", () => {
  it("takes the value at rank ceil(p n)", () => {
    expect(nearestRank([], 0.5)).toBeNull();
    expect(nearestRank([7], 0.95)).toBe(7);
    expect(nearestRank([1, 2, 3, 4], 0.5)).toBe(2);
    expect(nearestRank([1, 2, 3, 4, 5], 0.5)).toBe(3);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(nearestRank(hundred, 0.95)).toBe(95);
    expect(nearestRank(hundred, 0.5)).toBe(50);
  });

  it("matches the integer ranks the SQL uses, (n + 1) / 2 and (19 n + 19) / 20", () => {
    for (let n = 1; n <= 500; n++) {
      const values = Array.from({ length: n }, (_, i) => i + 1);
      expect(nearestRank(values, 0.5)).toBe(Math.floor((n + 1) / 2));
      expect(nearestRank(values, 0.95)).toBe(Math.floor((19 * n + 19) / 20));
    }
  });
});

describe("periods and buckets", () => {
  it("covers every period of the schema", () => {
    expect(Object.keys(PERIODS).sort()).toEqual([...METRIC_PERIODS].sort());
  });

  it("has a fixed number of aligned buckets, the one holding now last", () => {
    const counts = { "24h": 24, "7d": 28, "30d": 30, "90d": 30 } as const;
    for (const p of METRIC_PERIODS) {
      const { bucketMs, starts } = bucketStarts(p, T);
      expect(starts).toHaveLength(counts[p]);
      expect(bucketMs).toBe(PERIODS[p].bucketMs);
      for (const s of starts) expect(s % bucketMs).toBe(0);
      expect(starts.at(-1)! <= T && T < starts.at(-1)! + bucketMs).toBe(true);
      for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBe(bucketMs);
    }
    expect(new Date(bucketStarts("24h", T).starts[0]!).toISOString()).toBe("2026-11-22T14:00:00.000Z");
  });

  it("reads buckets from raw results while they are kept or not rolled up, older ones from rollups", () => {
    const { bucketMs, starts } = bucketStarts("30d", T);
    const through = floorHour(T);
    const rawFrom = rawFromOf(starts, bucketMs, T, 14, through);
    expect(rawFrom).toBe(starts.find((s) => s >= T - 14 * DAY));
    expect(rawFromOf(starts, bucketMs, T, 14, null)).toBe(starts[0]);
    // the sweeper is 20 days behind: buckets not entirely rolled up are raw
    const behind = T - 20 * DAY;
    expect(rawFromOf(starts, bucketMs, T, 14, behind)).toBe(starts.find((s) => s + bucketMs > behind));
    expect(rawFromOf(bucketStarts("24h", T).starts, HOUR_MS, T, 14, through)).toBe(bucketStarts("24h", T).starts[0]);
  });

  it("has 24 sparkline points", () => {
    expect(SPARKLINE_POINTS).toBe(24);
  });
});

describe("window split", () => {
  it("reads the partial first hour and the span after the watermark raw, the hours between from rollups", () => {
    const from = T - DAY;
    const w = splitWindow(from, T, floorHour(T));
    expect(w).toEqual({ from, rollupFrom: ceilHour(from), rollupTo: floorHour(T) });
  });

  it("starts at the start of the first hour when that hour's raw results are past retention", () => {
    const from = T - 90 * DAY;
    const kept = T - 14 * DAY;
    expect(splitWindow(from, T, floorHour(T), kept)).toEqual({
      from: floorHour(from),
      rollupFrom: floorHour(from),
      rollupTo: floorHour(T),
    });
    expect(splitWindow(from, T, null, kept).from).toBe(floorHour(from));
    expect(splitWindow(T - 7 * DAY, T, null, kept).from).toBe(T - 7 * DAY);
  });

  it("is all raw without a watermark, and never reads rollups past the current hour", () => {
    const from = T - DAY;
    const w = splitWindow(from, T, null);
    expect(w.rollupTo).toBe(w.rollupFrom);
    expect(splitWindow(from, T, T + 5 * HOUR_MS).rollupTo).toBe(floorHour(T));
    // a watermark older than the window: nothing from rollups
    expect(splitWindow(from, T, from - 5 * HOUR_MS).rollupTo).toBe(ceilHour(from));
  });
});

describe("rollup spans and retention", () => {
  it("starts from the oldest result the first time, else two hours before the watermark", () => {
    expect(rollupStart(T, null)).toBe(0);
    const through = floorHour(T) - HOUR_MS;
    expect(rollupStart(T, { through, at: T - 60_000 })).toBe(through - ROLLUP_LATE_HOURS * HOUR_MS);
  });

  it("rests while the current hour is rolled up and fresh, then rolls up again", () => {
    const through = floorHour(T);
    expect(rollupStart(T, { through, at: T - 60_000 })).toBeNull();
    expect(rollupStart(T, { through, at: T - ROLLUP_REFRESH_MS })).toBe(through - ROLLUP_LATE_HOURS * HOUR_MS);
  });

  it("skips empty hours, stops at the current hour and at most 48 hours per span", () => {
    expect(rollupSpan(T, 0, null)).toEqual({ from: floorHour(T), to: floorHour(T) });
    const old = T - 10 * DAY;
    expect(rollupSpan(T, 0, old)).toEqual({
      from: floorHour(old),
      to: floorHour(old) + ROLLUP_MAX_HOURS_PER_SWEEP * HOUR_MS,
    });
    const recent = floorHour(T) - 3 * HOUR_MS;
    expect(rollupSpan(T, recent, recent + 10_000)).toEqual({ from: recent, to: floorHour(T) });
    expect(rollupSpan(T, recent, recent - DAY)).toEqual({ from: recent, to: floorHour(T) });
  });

  it("never deletes raw results that are not rolled up", () => {
    expect(rawDeleteCutoff(T, 14, null)).toBeNull();
    expect(rawDeleteCutoff(T, 14, floorHour(T))).toBe(T - 14 * DAY);
    const behind = T - 20 * DAY;
    expect(rawDeleteCutoff(T, 14, behind)).toBe(behind - ROLLUP_LATE_HOURS * HOUR_MS);
  });

  it("reads the stored watermark, ignoring anything unreadable", () => {
    expect(
      parseWatermark(JSON.stringify({ through: "2026-11-23T13:00:00.000Z", at: "2026-11-23T13:01:00.000Z" })),
    ).toEqual({
      through: Date.parse("2026-11-23T13:00:00Z"),
      at: Date.parse("2026-11-23T13:01:00Z"),
    });
    expect(parseWatermark(null)).toBeNull();
    expect(parseWatermark("not json")).toBeNull();
    expect(parseWatermark("{}")).toBeNull();
  });
});

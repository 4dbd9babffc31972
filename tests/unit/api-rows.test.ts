import { describe, expect, it } from "vitest";
import { runStatsFromRow, wireTime } from "../../src/server/storage/api-rows";
import { isoSeconds } from "../../src/shared/time";

describe("reading the API store's raw rows", () => {
  it("writes a stored time on the wire exactly as isoSeconds of its Date does, whatever form the engine gave", () => {
    const forms = [
      "2026-11-23T16:32:58.999+00:00", // SQLite, Prisma's form
      "2026-11-23T16:32:58+00:00",
      "2026-11-23T16:32:58.5Z", // PostgreSQL through the pool's parser
      "2026-11-23T16:32:58Z",
      "2026-11-23T17:32:58.250+01:00", // not UTC: through a Date
    ];
    for (const v of forms) expect(wireTime(v), v).toBe(isoSeconds(new Date(v)));
    expect(wireTime(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02T03:04:05Z");
  });

  it("reads a monitor's recent runs from JSON text or parsed JSON, and no runs as empty figures", () => {
    const runs = [
      ["fail", "2026-11-23T10:00:01.500+00:00", null, 1, 0],
      ["success", "2026-11-23T09:00:00Z", 1200, false, true],
    ];
    const expected = {
      recentRuns: [
        { status: "fail", at: "2026-11-23T10:00:01Z", duration_ms: null, overlapped: true, drifted: false, flag: null },
        {
          status: "success",
          at: "2026-11-23T09:00:00Z",
          duration_ms: 1200,
          overlapped: false,
          drifted: true,
          flag: null,
        },
      ],
      avgDurationMs: 1200,
      overlapCount: 1,
    };
    expect(runStatsFromRow({ runs: JSON.stringify(runs), avg_duration: 1199.6, overlaps: 1 })).toEqual(expected);
    expect(runStatsFromRow({ runs, avg_duration: "1199.6", overlaps: "1" })).toEqual(expected);
    expect(runStatsFromRow({ runs: null, avg_duration: null, overlaps: null })).toEqual({
      recentRuns: [],
      avgDurationMs: null,
      overlapCount: 0,
    });
  });
});

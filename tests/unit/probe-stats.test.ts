import { describe, expect, it } from "vitest";
import { statsLine, ZERO_TOTALS } from "../../src/probe/stats";

describe("the probe's stats line", () => {
  const stats = (checks: number, batches: number) => ({
    checks,
    posted: checks,
    refused: 1,
    errors: 0,
    batches,
    leaseCalls: batches * 2,
  });

  it("keeps cumulative counters under since_start and the window's checks and lags under window", () => {
    const first = statsLine(stats(100, 4), [10, 20, 30, 40], ZERO_TOTALS, 10, 50 * 1048576);
    expect(first).toEqual({
      probe_stats: true,
      since_start: { checks: 100, posted: 100, refused: 1, errors: 0, batches: 4, lease_calls: 8 },
      window: {
        seconds: 10,
        checks: 100,
        lag_samples: 4,
        lag_p50_ms: first.window.lag_p50_ms,
        lag_p99_ms: first.window.lag_p99_ms,
      },
      rss_mb: 50,
    });
    expect(first.window.lag_p50_ms).toBeGreaterThanOrEqual(20);
    expect(first.window.lag_p50_ms).toBeLessThanOrEqual(30);

    // The next window counts only its own checks; the totals keep growing.
    const second = statsLine(stats(130, 5), [], first.since_start, 10, 50 * 1048576);
    expect(second.since_start.checks).toBe(130);
    expect(second.window).toEqual({ seconds: 10, checks: 30, lag_samples: 0, lag_p50_ms: null, lag_p99_ms: null });
  });
});

import { describe, expect, it } from "vitest";
import { emptyCounts } from "../../src/shared/sweep-counts";
import { runSweepLoop } from "../../src/server/sweep/loop";

/**
 * The looping sweeper's timing on a simulated clock: sleeping advances it, deadlines come from a list
 * (as the index gives them: the earliest after an instant), and the loop stops after a simulated
 * minute. What is checked is when it sweeps, not what a sweep does (the sweepers' own tests).
 */
function simulate(opts: {
  deadlines: number[];
  wakeMaxMs: number;
  intervalMs?: number;
  handled?: (d: number, at: number) => boolean;
  untilMs?: number;
}) {
  let clock = 1_000_000;
  const start = clock;
  const full: number[] = [];
  const due: number[] = [];
  const sleeps: number[] = [];
  let reads = 0;
  // A deadline is gone once a sweep strictly after it handled it (unless `handled` says it stays, like a broken schedule).
  let pending = opts.deadlines.map((d) => start + d);
  const sweepAt = (at: number) => (pending = pending.filter((d) => !(at > d && (opts.handled?.(d, at) ?? true))));
  return runSweepLoop({
    sweeper: {
      sweep: async (now) => (
        full.push(now.getTime() - start),
        sweepAt(now.getTime()),
        { at: "", now: "", duration_ms: 0, counts: emptyCounts() }
      ),
      sweepDue: async (now) => (due.push(now.getTime() - start), sweepAt(now.getTime()), emptyCounts()),
    },
    nextDeadline: async (after) => {
      reads++;
      const next = pending.filter((d) => d > after.getTime()).sort((a, b) => a - b)[0];
      return next === undefined ? null : new Date(next);
    },
    intervalMs: opts.intervalMs ?? 30_000,
    wakeMaxMs: opts.wakeMaxMs,
    swept: () => {},
    log: () => {},
    stopping: () => clock - start >= (opts.untilMs ?? 60_000),
    pause: async (ms) => void (sleeps.push(ms), (clock += Math.max(ms, 0))),
    now: () => clock,
  }).then(() => ({ full, due, sleeps, reads }));
}

describe("the sweep loop", () => {
  it("sweeps the due monitors just after each deadline and in full every interval", async () => {
    const r = await simulate({ deadlines: [5_000, 5_000, 12_345, 40_000], wakeMaxMs: 2000 });
    expect(r.full).toEqual([0, 30_000]);
    expect(r.due).toEqual([5_001, 12_346, 40_001]);
  });

  it("sweeps deadlines that pass every few milliseconds at most every 250 ms", async () => {
    const r = await simulate({
      deadlines: Array.from({ length: 100 }, (_, i) => 1000 + i * 10),
      wakeMaxMs: 2000,
      untilMs: 5000,
    });
    expect(r.due[0]).toBe(1001);
    for (let i = 1; i < r.due.length; i++) expect(r.due[i]! - r.due[i - 1]!).toBeGreaterThanOrEqual(250);
    expect(r.due[r.due.length - 1]).toBeGreaterThan(1990); // the last deadline (1,990) swept too
    expect(r.due[r.due.length - 1]! - 1990).toBeLessThanOrEqual(250);
  });

  it("never sleeps longer than the wake limit, so a monitor armed meanwhile is seen within it", async () => {
    const r = await simulate({ deadlines: [], wakeMaxMs: 2000, untilMs: 20_000 });
    expect(Math.max(...r.sleeps)).toBe(2000);
    expect(r.due).toEqual([]);
  });

  it("does not spin on a deadline a sweep left behind (a schedule that cannot be evaluated)", async () => {
    const r = await simulate({ deadlines: [3_000], wakeMaxMs: 2000, handled: () => false });
    expect(r.due).toEqual([3_001]); // once; the full sweeps retry it
    expect(r.reads).toBeLessThan(100);
  });

  it("sweeps only every interval when deadline waking is off", async () => {
    const r = await simulate({ deadlines: [5_000], wakeMaxMs: 0, intervalMs: 20_000 });
    expect(r.full).toEqual([0, 20_000, 40_000]);
    expect(r.due).toEqual([]);
    expect(r.reads).toBe(0);
  });
});

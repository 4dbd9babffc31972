import { describe, expect, it } from "vitest";
import { call, registerUser } from "../support/http";
import { createMonitor, seedRuns, type SeedRun } from "../support/seed";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const iso = (d: Date) => d.toISOString().slice(0, 19) + "Z";

describe("run figures on the monitor (recent_runs, avg_duration_ms, overlap_count)", () => {
  it("embeds the last 20 runs newest first and 7-day figures, on read and in the list", async () => {
    const owner = await registerUser("runs");
    const busy = await createMonitor(owner, { name: "busy" });
    const idle = await createMonitor(owner, { name: "idle" });
    const now = Date.now();
    const runs: SeedRun[] = [
      // inside the 7-day window: successes 1000, 2000, 4000 ms -> average 2333; two overlapped runs
      { status: "success", startedAt: new Date(now - 1 * HOUR), durationMs: 1000, overlapped: true },
      { status: "success", startedAt: new Date(now - 2 * HOUR), durationMs: 2000, drifted: true },
      { status: "fail", startedAt: new Date(now - 3 * HOUR), durationMs: 90_000 },
      { status: "success", startedAt: new Date(now - 4 * HOUR), durationMs: 4000, overlapped: true },
      { status: "running", startedAt: new Date(now - 30 * 60_000), durationMs: null },
      { status: "missed", startedAt: new Date(now - 5 * HOUR), durationMs: null },
      // older than 7 days: in recent_runs, not in the figures
      ...Array.from({ length: 20 }, (_, i): SeedRun => ({
        status: "success",
        startedAt: new Date(now - 8 * DAY - i * HOUR),
        durationMs: 100_000,
        overlapped: true,
      })),
    ];
    await seedRuns(busy.id, runs);

    const read = (await call("GET", `/cron-monitors/${busy.id}`, { token: owner.access })).body.data;
    const newestFirst = [...runs].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime()).slice(0, 20);
    expect(read.recent_runs).toEqual(
      newestFirst.map((r) => ({
        status: r.status,
        at: iso(r.startedAt),
        duration_ms: r.durationMs ?? null,
        overlapped: r.overlapped ?? false,
        drifted: r.drifted ?? false,
        flag: null,
      })),
    );
    expect(read.recent_runs[0]).toMatchObject({ status: "running", duration_ms: null });
    expect(read.avg_duration_ms).toBe(2333);
    expect(read.overlap_count).toBe(2);

    const list = (await call("GET", "/cron-monitors", { token: owner.access })).body.data;
    const busyRow = list.find((m: { id: number }) => m.id === busy.id);
    const idleRow = list.find((m: { id: number }) => m.id === idle.id);
    expect(busyRow).toEqual(read);
    expect(idleRow).toMatchObject({ recent_runs: [], avg_duration_ms: null, overlap_count: 0 });
  });
});

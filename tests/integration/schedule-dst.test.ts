import { beforeAll, describe, expect, it } from "vitest";
import { DST_CASES } from "../support/dst-cases";
import { call, registerUser, type TestUser } from "../support/http";
import { runRows } from "../support/monitors";
import { seedMonitor, sweep } from "../support/sweeper";

// Debian's fixed-time rule (decisions 10) through the real faces: the schedule preview over HTTP and
// the sweeper process (`npm run sweep -- --now`), for the hand-computed cases in tests/support/dst-cases.ts.

let user: TestUser;
beforeAll(async () => {
  user = await registerUser("dst");
});

describe("GET /cron-monitors/schedule-preview follows Debian's DST rule", () => {
  it.each(DST_CASES.map((c) => [c.expression, c.timezone, c.change, c] as const))(
    "%s in %s, %s change",
    async (_e, _z, _c, c) => {
      const q = `cron=${encodeURIComponent(c.expression)}&tz=${encodeURIComponent(c.timezone)}&from=${c.from}`;
      const res = await call("GET", `/cron-monitors/schedule-preview?${q}`, { token: user.access });
      expect(res.status).toBe(200);
      const next = (res.body.next as string[]).map((t) => new Date(t).toISOString());
      expect(next.slice(0, c.fires.length), c.why).toEqual(c.fires);
    },
  );
});

describe("the sweeper expects runs by Debian's DST rule", () => {
  it("records one missed run at every hand-computed fire time of every case", async () => {
    // One monitor per case, armed for its first fire time; one sweep per transition, just after the
    // grace of the last fire time of its cases, records each monitor's missed runs in order.
    const groups = new Map<string, { id: number; fires: string[]; label: string }[]>();
    for (const c of DST_CASES) {
      const m = await seedMonitor(user, {
        scheduleKind: "cron",
        cronExpression: c.expression,
        timezone: c.timezone,
        graceSeconds: 60,
        state: "up",
        nextExpectedAt: new Date(c.fires[0]!),
      });
      const key = `${c.timezone} ${c.change}`;
      groups.set(key, [
        ...(groups.get(key) ?? []),
        { id: m.id, fires: c.fires, label: `${c.expression} ${key}: ${c.why}` },
      ]);
    }
    for (const monitors of groups.values()) {
      const last = Math.max(...monitors.map((m) => new Date(m.fires.at(-1)!).getTime()));
      const run = await sweep(new Date(last + 61_000));
      expect(run.code).toBe(0);
      for (const m of monitors) {
        const started = (await runRows(m.id)).map((r) => new Date(String(r.started_at)).toISOString());
        expect(started.slice(0, m.fires.length), m.label).toEqual(m.fires);
      }
    }
  });
});

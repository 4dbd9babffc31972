import { describe, expect, inject, it } from "vitest";
import { LAYOUTS, runSoak, type SoakReport } from "../../bench/soak/run";
import { databaseKind } from "../support/db";
import { freshDatabase } from "../support/pg-database";

// A short run of `npm run bench:soak` at a reduced scale: the layout on the suite's engine (on
// PostgreSQL two web processes, one ingest process, two looping sweepers and two probes; on SQLite
// one of each), a random process killed with kill -9 and restarted every 8–14 s for 70 s, while
// pings flow, silent monitors fall due and half the services' targets go down and come back.
// Only the counts are asserted (latencies depend on the machine's load; the bench reports them).
describe("soak smoke run", () => {
  it("loses and doubles no acknowledged ping, opens one incident and sends one webhook per event, leaves no outbox row behind, while processes are killed at random", async () => {
    const engine = databaseKind();
    const report: SoakReport = await runSoak({
      engine,
      databaseUrl: engine === "postgresql" ? await freshDatabase(inject("pgAdminUrl")!, "lifeline_soak") : undefined,
      seconds: 70,
      monitors: 2000,
      duePerMinute: 120,
      silentEvery: 5,
      graceSeconds: 10,
      services: 40,
      serviceIntervalSeconds: 10,
      targets: 4,
      layout: engine === "postgresql" ? { web: 2, ingest: 1, sweeper: 2, probe: 2 } : LAYOUTS.sqlite,
      pingRate: 20,
      burst: 100,
      killEverySeconds: [8, 14],
      drainSeconds: 60,
      expireDeadClaims: true,
      rssEverySeconds: 5,
      log: (msg) => console.log(`[soak] ${msg}`),
    });
    const t = report.tally;
    console.log(JSON.stringify({ ...report, options: undefined }, null, 1).slice(0, 4000));
    expect(new Set(report.kills.map((k) => k.role)).size).toBeGreaterThanOrEqual(3);
    expect(t.pings.acknowledged).toBeGreaterThan(500);
    expect({ lost: t.pings.lostRids, doubled: t.pings.doubled }).toEqual({ lost: [], doubled: 0 });
    expect(t.silent.monitors).toBeGreaterThan(5);
    expect(t.silent).toMatchObject({ notOneIncident: [], notOneEvent: [], notOneNotification: [] });
    expect(t.pingedWithIncident).toEqual([]);
    expect(t.services.downWindows).toBeGreaterThan(0);
    expect(t.services).toMatchObject({ wrong: [], stableWithIncident: [] });
    expect(t.outbox.stuck).toBe(0);
    expect(t.notifications.lost).toEqual([]);
    expect(t.notifications.duplicated.filter((d) => !d.explained)).toEqual([]);
  }, 600_000);
});

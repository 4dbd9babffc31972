import { describe, expect, it } from "vitest";
import {
  barsFromChecks,
  barsFromIncidents,
  componentStatus,
  incidentsPerDay,
  overallStatus,
  STATUS_WORDS,
  windowDays,
} from "../../src/server/domain/status-page";
import { pageMaintenance } from "../../src/server/domain/status-page-maintenance";
import { escapeMarkup } from "../../src/server/domain/escape";

const NOW = new Date("2026-03-10T12:00:00Z");

describe("status page rules", () => {
  it("says a component's status in the page's words, paused first", () => {
    expect(componentStatus("cron_monitor", "up", false)).toBe("operational");
    expect(componentStatus("cron_monitor", "late", false)).toBe("degraded");
    expect(componentStatus("service", "degraded", false)).toBe("degraded");
    expect(componentStatus("service", "down", false)).toBe("down");
    expect(componentStatus("cron_monitor", "new", false)).toBe("unknown");
    expect(componentStatus("service", "down", true)).toBe("paused");
  });

  it("words the overall status from the worst counted component", () => {
    expect(overallStatus(["operational", "paused"]).description).toBe("All systems operational");
    expect(overallStatus(["operational", "degraded"]).indicator).toBe("degraded");
    expect(overallStatus(["operational", "down"]).description).toBe("Partial outage");
    expect(overallStatus(["down", "down", "unknown"]).description).toBe("Major outage");
    expect(overallStatus(["unknown", "paused"]).indicator).toBe("unknown");
  });

  it("spans 90 UTC days ending today", () => {
    const days = windowDays(NOW);
    expect(days).toHaveLength(90);
    expect(days.at(-1)).toBe("2026-03-10");
    expect(days[0]).toBe("2025-12-11");
  });

  it("sums a service's hourly rollups per day and over the window; days without checks have no figure", () => {
    const hours = [
      { hour: new Date("2026-03-09T01:00:00Z"), total: 60, successful: 60 },
      { hour: new Date("2026-03-09T02:00:00Z"), total: 60, successful: 30 },
      { hour: new Date("2026-03-10T00:00:00Z"), total: 80, successful: 80 },
    ];
    const { bars, uptime } = barsFromChecks(hours, new Map([["2026-03-09", 1]]), NOW);
    expect(bars.at(-2)).toEqual({ date: "2026-03-09", uptime_pct: 75, incidents: 1 });
    expect(bars.at(-1)).toEqual({ date: "2026-03-10", uptime_pct: 100, incidents: 0 });
    expect(bars[0]!.uptime_pct).toBeNull();
    expect(uptime).toBe(85);
  });

  it("counts a cron monitor's time under open incidents as down, from its creation", () => {
    const created = new Date("2026-03-09T00:00:00Z");
    const incidents = [
      { openedAt: new Date("2026-03-09T06:00:00Z"), resolvedAt: new Date("2026-03-09T12:00:00Z") },
      { openedAt: new Date("2026-03-10T09:00:00Z"), resolvedAt: null },
    ];
    const { bars, uptime } = barsFromIncidents(incidents, created, NOW);
    expect(bars.at(-2)).toEqual({ date: "2026-03-09", uptime_pct: 75, incidents: 1 });
    expect(bars.at(-1)).toEqual({ date: "2026-03-10", uptime_pct: 75, incidents: 1 });
    expect(bars.at(-3)!.uptime_pct).toBeNull();
    expect(uptime).toBe(75);
    expect(incidentsPerDay(incidents, NOW).get("2026-03-10")).toBe(1);
  });

  it("leaves a cron monitor's time under maintenance out of the time counted and the time down, and says how much", () => {
    const created = new Date("2026-03-09T00:00:00Z");
    const incidents = [
      { openedAt: new Date("2026-03-09T06:00:00Z"), resolvedAt: new Date("2026-03-09T12:00:00Z") },
      { openedAt: new Date("2026-03-10T09:00:00Z"), resolvedAt: null },
    ];
    // Two overlapping runs over the first incident's 6 hours (counted once), and one hour of the second incident.
    const maintenance = [
      { start: new Date("2026-03-09T05:00:00Z"), end: new Date("2026-03-09T10:00:00Z") },
      { start: new Date("2026-03-09T08:00:00Z"), end: new Date("2026-03-09T12:00:00Z") },
      { start: new Date("2026-03-10T11:00:00Z"), end: new Date("2026-03-10T13:00:00Z") },
    ];
    const { bars, uptime, maintenanceMs } = barsFromIncidents(incidents, created, NOW, 90, maintenance);
    // 9 March: 24 h less 7 h of maintenance, none of it down. 10 March (to noon): 11 h counted, 2 h down.
    // Both days are marked as maintenance days; a day without maintenance is not.
    expect(bars.at(-2)).toEqual({ date: "2026-03-09", uptime_pct: 100, incidents: 1, maintenance: true });
    expect(bars.at(-1)).toEqual({
      date: "2026-03-10",
      uptime_pct: Math.round((9 / 11) * 100_000) / 1000,
      incidents: 1,
      maintenance: true,
    });
    expect(bars.at(-3)).toEqual({ date: "2026-03-08", uptime_pct: null, incidents: 0 });
    expect(uptime).toBe(Math.round((26 / 28) * 100_000) / 1000);
    expect(maintenanceMs).toBe(8 * 3_600_000);
    // A day entirely under maintenance has no figure.
    const whole = [{ start: new Date("2026-03-09T00:00:00Z"), end: new Date("2026-03-10T00:00:00Z") }];
    expect(barsFromIncidents(incidents, created, NOW, 90, whole).bars.at(-2)!.uptime_pct).toBeNull();
  });

  it("escapes markup and drops characters XML forbids", () => {
    expect(escapeMarkup(`<script>alert("x")</script>]]>&'\u0001`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;]]&gt;&amp;&#39;",
    );
  });
});

describe("maintenance on a status page", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const target = (t: Partial<{ cronMonitorId: number; serviceId: number; projectId: number }>) => ({
    cronMonitorId: t.cronMonitorId ?? null,
    serviceId: t.serviceId ?? null,
    projectId: t.projectId ?? null,
  });
  const objects = [
    { key: "m1", projectId: 7, name: "Backups" },
    { key: "s2", projectId: null, name: "API" },
  ];

  it("marks components a running window covers (named or by project), lists running and scheduled windows with the page's names only, and says when that changes", () => {
    const m = pageMaintenance(
      [
        { title: "Now", description: "", start: at(-5), end: at(30), targets: [target({ projectId: 7 })] },
        { title: "Later", description: "", start: at(60), end: at(90), targets: [target({ serviceId: 2 })] },
        { title: "Elsewhere", description: "", start: at(-5), end: at(30), targets: [target({ cronMonitorId: 99 })] },
        { title: "Over", description: "", start: at(-50), end: at(-1), targets: [target({ serviceId: 2 })] },
      ],
      objects,
      now,
    );
    expect([...m.maintained]).toEqual(["m1"]);
    expect(m.active.map((w) => [w.title, w.components])).toEqual([["Now", ["Backups"]]]);
    expect(m.scheduled.map((w) => [w.title, w.components])).toEqual([["Later", ["API"]]]);
    expect(m.changesAt).toBe(at(30).getTime());
  });

  it("says Under maintenance for a covered component unless paused, and Maintenance in progress while nothing outside maintenance is down", () => {
    expect(componentStatus("cron_monitor", "down", false, true)).toBe("maintenance");
    expect(componentStatus("cron_monitor", "down", true, true)).toBe("paused");
    expect(STATUS_WORDS.maintenance).toBe("Under maintenance");
    expect(overallStatus(["maintenance", "operational", "degraded"])).toEqual({
      indicator: "maintenance",
      description: "Maintenance in progress",
    });
    expect(overallStatus(["maintenance"]).description).toBe("Maintenance in progress");
    expect(overallStatus(["maintenance", "down"]).description).toBe("Partial outage");
    expect(overallStatus(["down", "down"]).description).toBe("Major outage");
  });
});

// The soak's verdicts and its table for docs/performance.md.
import type { SoakReport } from "./run";

/** What the issue asks of a soak, one line each: [what, measured, held]. */
export function verdicts(
  r: SoakReport,
  bounds: { alertP99Ms: number; rssGrowthMiB: number },
): [string, string, boolean][] {
  const t = r.tally;
  const unexplained = t.notifications.duplicated.filter((d) => !d.explained).length;
  const growth = Math.max(0, ...r.rss.map((x) => x.growthMiB));
  return [
    [
      "acknowledged pings stored exactly once",
      `${t.pings.acknowledged} acknowledged, ${t.pings.lost} lost, ${t.pings.doubled} doubled`,
      t.pings.lost === 0 && t.pings.doubled === 0,
    ],
    [
      "silent monitors: one incident, one event, one webhook each",
      `${t.silent.monitors} silent; not one incident ${t.silent.notOneIncident.length}, not one event ${t.silent.notOneEvent.length}, not one webhook ${t.silent.notOneNotification.length}`,
      t.silent.monitors > 0 &&
        t.silent.notOneIncident.length + t.silent.notOneEvent.length + t.silent.notOneNotification.length === 0,
    ],
    [
      "pinged monitors without incidents",
      `${t.pingedWithIncident.length} with an incident (due pings not acknowledged in time: ${r.pings.dueMissed})`,
      t.pingedWithIncident.length === 0,
    ],
    [
      "flipped services: one incident per down window, resolved",
      `${t.services.flipped} services × ${t.services.flipped ? t.services.downWindows / t.services.flipped : 0} windows; ${t.services.wrong.length} wrong; stable services with an incident ${t.services.stableWithIncident.length}`,
      t.services.downWindows > 0 && t.services.wrong.length === 0 && t.services.stableWithIncident.length === 0,
    ],
    ["no outbox row stuck", `${t.outbox.events} events, ${t.outbox.stuck} unprocessed`, t.outbox.stuck === 0],
    [
      "every event's webhook received once",
      `${t.notifications.received} received; ${t.notifications.lost.length} lost; ${t.notifications.duplicated.length} twice (${unexplained} not explained by a killed sweeper)`,
      t.notifications.lost.length === 0 && unexplained === 0,
    ],
    [
      `alert latency p99 (deadline to webhook) under ${bounds.alertP99Ms} ms`,
      `p50 ${t.alertLatencyMs.p50} ms, p99 ${t.alertLatencyMs.p99} ms, max ${t.alertLatencyMs.max} ms` +
        (r.options.layout.sweeper === 1
          ? `; p99 ${t.alertLatencyMs.p99Live} ms without the deadlines that fell while the only sweeper was down`
          : ""),
      t.alertLatencyMs.p99 !== null && t.alertLatencyMs.p99 < bounds.alertP99Ms,
    ],
    [
      `RSS growth of any process under ${bounds.rssGrowthMiB} MiB`,
      r.rss.map((x) => `${x.role} max ${x.maxMiB} MiB, +${x.growthMiB}`).join("; "),
      growth < bounds.rssGrowthMiB,
    ],
  ];
}

export function table(r: SoakReport, bounds: { alertP99Ms: number; rssGrowthMiB: number }): string {
  const o = r.options;
  const layout = Object.entries(o.layout)
    .map(([role, n]) => `${n} ${role}`)
    .join(", ");
  const kills = Object.entries(
    r.kills.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k.role]: (acc[k.role] ?? 0) + 1 }), {}),
  )
    .map(([role, n]) => `${role} ${n}`)
    .join(", ");
  const restart = r.kills.map((k) => k.restartedMs ?? 0);
  return [
    `**${o.engine === "sqlite" ? "SQLite" : "PostgreSQL"}** (${layout}): ${o.monitors.toLocaleString("en")} monitors (${o.duePerMinute} due a minute, 1 in ${o.silentEvery} of those falling due during the chaos silent, grace ${o.graceSeconds} s), ${o.services.toLocaleString("en")} services every ${o.serviceIntervalSeconds} s; ${o.pingRate} pings/s and ${o.burst} at each minute's top; ${o.seconds} s of chaos, ${r.kills.length} kills (${kills || "none"}; restarts took up to ${Math.max(0, ...restart)} ms); drain ${r.seconds.drain} s.`,
    "",
    "| figure | measured | held |",
    "|---|---|---|",
    ...verdicts(r, bounds).map(([what, measured, held]) => `| ${what} | ${measured} | ${held ? "yes" : "NO"} |`),
    `| pings sent | ${r.pings.sent}: ${r.pings.ok} OK, ${r.pings.limited} rate-capped, ${r.pings.failed} failed (a killed process), ${r.pings.skipped} skipped (64 in flight) | |`,
    `| probe start lag | p50 ${r.probeLagMs.p50 ?? "?"} ms, worst 10 s window's p99 ${r.probeLagMs.p99 ?? "?"} ms | |`,
  ].join("\n");
}

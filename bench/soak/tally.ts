// The soak's closing counts, read from the database and the webhook receiver.
import type { EngineDb } from "../../tests/support/engine-db";
import type { Kill, RssSample } from "./chaos";
import type { Acknowledged, Arrival } from "./traffic";

export type Tally = {
  pings: { acknowledged: number; lost: number; doubled: number; lostRids: string[] };
  silent: {
    monitors: number;
    /** Silent monitors without exactly one incident / one incident.opened event / one webhook for it. */
    notOneIncident: number[];
    notOneEvent: number[];
    notOneNotification: number[];
  };
  /** Monitors kept up by their pings that have an incident anyway. */
  pingedWithIncident: number[];
  services: {
    flipped: number;
    downWindows: number;
    /** Flipped services whose incidents are not exactly one per down window, each resolved. */
    wrong: { id: number; incidents: number; resolved: number }[];
    /** Services whose target never flipped that have an incident. */
    stableWithIncident: number[];
  };
  outbox: { events: number; stuck: number };
  notifications: {
    received: number;
    lost: number[];
    /** Events received more than once: `explained` when a sweeper was killed within 10 s after the first arrival. */
    duplicated: {
      eventId: number;
      explained: boolean;
      /** Arrival times, ms after the first; the nearest kill of any process (ms after the first arrival). */
      arrivalsMs: number[];
      nearestKill: { role: string; ms: number } | null;
      /** The attempts the sender recorded for it: attempt, status, error. */
      attempts: string[];
    }[];
  };
  /**
   * Deadline (expected time + grace) to the webhook of each silent monitor's incident, ms; `p99Live`
   * leaves out deadlines that fell while no sweeper was alive (from 3 s before a kill of the only
   * sweeper to its restart): what a layout with one sweeper pays for its restarts, apart.
   */
  alertLatencyMs: { p50: number | null; p99: number | null; max: number | null; p99Live: number | null };
};

export const percentile = (values: number[], p: number): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const countBy = <T>(items: T[], key: (t: T) => number | string) => {
  const counts = new Map<number | string, number>();
  for (const i of items) counts.set(key(i), (counts.get(key(i)) ?? 0) + 1);
  return counts;
};

export async function tally(
  db: EngineDb,
  o: {
    acknowledged: Acknowledged[];
    arrivals: Arrival[];
    silent: { id: number; deadline: number }[];
    pinged: number[];
    flipped: { id: number; windows: number }[];
    stable: number[];
    kills: Kill[];
    sweepers: number;
  },
): Promise<Tally> {
  // Pings: every acknowledged rid stored exactly once.
  const stored = countBy(await db.query<{ rid: string }>("SELECT rid FROM cron_runs"), (r) => r.rid);
  const rids = [...new Set(o.acknowledged.map((a) => a.rid))];
  const lostRids = rids.filter((rid) => !stored.has(rid));
  const doubled = rids.filter((rid) => (stored.get(rid) ?? 0) > 1).length;

  const incidents = await db.query<{
    id: number;
    cron_monitor_id: number | null;
    service_id: number | null;
    status: string;
  }>("SELECT id, cron_monitor_id, service_id, status FROM incidents");
  const outbox = await db.query<{
    id: number;
    event: string;
    cron_monitor_id: number | null;
    processed_at: string | null;
  }>("SELECT id, event, cron_monitor_id, processed_at FROM outbox");
  const received = countBy(o.arrivals, (a) => a.eventId);
  const byMonitor = countBy(
    incidents.filter((i) => i.cron_monitor_id !== null),
    (i) => i.cron_monitor_id!,
  );
  const openedOf = countBy(
    outbox.filter((e) => e.event === "incident.opened" && e.cron_monitor_id !== null),
    (e) => e.cron_monitor_id!,
  );
  const openedEvents = new Map(
    outbox
      .filter((e) => e.event === "incident.opened" && e.cron_monitor_id !== null)
      .map((e) => [e.cron_monitor_id!, e.id]),
  );

  // Services: one incident per down window of the target, each resolved.
  const serviceIncidents = new Map<number, { incidents: number; resolved: number }>();
  for (const i of incidents.filter((i) => i.service_id !== null)) {
    const s = serviceIncidents.get(i.service_id!) ?? { incidents: 0, resolved: 0 };
    s.incidents++;
    if (i.status === "resolved") s.resolved++;
    serviceIncidents.set(i.service_id!, s);
  }
  const wrong = o.flipped.flatMap((f) => {
    const s = serviceIncidents.get(f.id) ?? { incidents: 0, resolved: 0 };
    return s.incidents === f.windows && s.resolved === f.windows ? [] : [{ id: f.id, ...s }];
  });

  // Notifications: each event received once; a second arrival is explained only by a killed sweeper.
  const firstArrival = new Map<number, number>();
  for (const a of o.arrivals) if (!firstArrival.has(a.eventId)) firstArrival.set(a.eventId, a.at);
  const sweeperKills = o.kills.filter((k) => k.role === "sweeper").map((k) => k.at);
  const duplicatedIds = [...received.entries()].filter(([, n]) => n > 1).map(([eventId]) => Number(eventId));
  const attempts = duplicatedIds.length
    ? await db.query<{ outbox_id: number; attempt: number; status: string; error: string | null }>(
        `SELECT outbox_id, attempt, status, error FROM deliveries WHERE outbox_id IN (${duplicatedIds.join(",")}) ORDER BY id`,
      )
    : [];
  const duplicated = duplicatedIds.map((eventId) => {
    const first = firstArrival.get(eventId)!;
    const nearest = [...o.kills].sort((a, b) => Math.abs(a.at - first) - Math.abs(b.at - first))[0];
    return {
      eventId,
      explained: sweeperKills.some((at) => at >= first && at - first < 10_000),
      arrivalsMs: o.arrivals.filter((a) => a.eventId === eventId).map((a) => a.at - first),
      nearestKill: nearest ? { role: nearest.role, ms: nearest.at - first } : null,
      attempts: attempts
        .filter((a) => Number(a.outbox_id) === eventId)
        .map((a) => `${a.attempt}:${a.status}${a.error ? ` (${a.error.slice(0, 60)})` : ""}`),
    };
  });

  const outages =
    o.sweepers === 1
      ? o.kills.filter((k) => k.role === "sweeper").map((k) => [k.at - 3000, k.at + (k.restartedMs ?? 0)] as const)
      : [];
  const alerts = o.silent.flatMap((s) => {
    const event = openedEvents.get(s.id);
    const at = event === undefined ? undefined : firstArrival.get(event);
    if (at === undefined) return [];
    return [{ ms: at - s.deadline, live: !outages.some(([from, to]) => s.deadline >= from && s.deadline <= to) }];
  });
  const latencies = alerts.map((a) => a.ms);

  return {
    pings: { acknowledged: rids.length, lost: lostRids.length, doubled, lostRids: lostRids.slice(0, 20) },
    silent: {
      monitors: o.silent.length,
      notOneIncident: o.silent.filter((s) => byMonitor.get(s.id) !== 1).map((s) => s.id),
      notOneEvent: o.silent.filter((s) => openedOf.get(s.id) !== 1).map((s) => s.id),
      notOneNotification: o.silent
        .filter((s) => {
          const event = openedEvents.get(s.id);
          return event === undefined || received.get(event) !== 1;
        })
        .map((s) => s.id),
    },
    pingedWithIncident: o.pinged.filter((id) => byMonitor.has(id)),
    services: {
      flipped: o.flipped.length,
      downWindows: o.flipped.reduce((n, f) => n + f.windows, 0),
      wrong,
      stableWithIncident: o.stable.filter((id) => serviceIncidents.has(id)),
    },
    outbox: { events: outbox.length, stuck: outbox.filter((e) => e.processed_at === null).length },
    notifications: {
      received: o.arrivals.length,
      lost: outbox.filter((e) => !received.has(e.id)).map((e) => e.id),
      duplicated,
    },
    alertLatencyMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
      p99Live: percentile(
        alerts.filter((a) => a.live).map((a) => a.ms),
        99,
      ),
    },
  };
}

export type RssSummary = { role: string; maxMiB: number; growthMiB: number }[];

/**
 * Per role: the largest resident memory seen, and the largest growth of one process over its life
 * (its last sample minus its first sample at least `warmMs` into its life: start-up is not growth).
 */
export function summarizeRss(samples: RssSample[], warmMs: number): RssSummary {
  const lives = new Map<string, RssSample[]>();
  for (const s of samples) lives.set(`${s.role}:${s.pid}`, [...(lives.get(`${s.role}:${s.pid}`) ?? []), s]);
  const roles = [...new Set(samples.map((s) => s.role))];
  return roles.map((role) => {
    const mine = samples.filter((s) => s.role === role);
    let growth = 0;
    for (const [key, life] of lives) {
      if (!key.startsWith(`${role}:`)) continue;
      const warm = life.find((s) => s.at - life[0]!.at >= warmMs);
      if (warm) growth = Math.max(growth, life[life.length - 1]!.mib - warm.mib);
    }
    return { role, maxMiB: Math.max(...mine.map((s) => s.mib)), growthMiB: growth };
  });
}

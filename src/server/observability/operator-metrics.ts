import crypto from "node:crypto";
import client from "prom-client";

/**
 * The operator's metrics of one process (docs/api-metrics.md, "Operator metrics"), with prom-client:
 * one registry per process (on globalThis: Next's bundles and the unbundled ping store share it).
 * Every metric exists in every process; each process moves those of its own work. Hot paths only
 * increment or observe (no statement, no label from a token or a path with ids in it).
 */
export const PING_OUTCOMES = ["accepted", "rate_limited", "unknown_token", "bad_request"] as const;
export type PingOutcome = (typeof PING_OUTCOMES)[number];

function build() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  // Gauges whose names end in _total (promtool refuses them); their per-type twins stay (nodejs_active_handles{type}, ...).
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
    registry.removeSingleMetric(name);
  const pings = new client.Counter({
    name: "lifeline_pings_total",
    help: "Pings received, by outcome (accepted, rate_limited, unknown_token, bad_request).",
    labelNames: ["outcome"],
    registers: [registry],
  });
  for (const outcome of PING_OUTCOMES) pings.inc({ outcome }, 0);
  return {
    registry,
    pings,
    pingCommitSeconds: new client.Histogram({
      name: "lifeline_ping_commit_seconds",
      help: "From a ping's hand-over to the store until its transaction committed.",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    groupCommitSize: new client.Histogram({
      name: "lifeline_ping_group_commit_size",
      help: "Run events recorded together in one group commit.",
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers: [registry],
    }),
    httpRequests: new client.Counter({
      name: "lifeline_http_requests_total",
      help: "REST requests (/api/v1), by route template, method and status.",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    httpSeconds: new client.Histogram({
      name: "lifeline_http_request_duration_seconds",
      help: "REST request latency (/api/v1), by route template and method.",
      labelNames: ["route", "method"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    sweepSeconds: new client.Histogram({
      name: "lifeline_sweep_duration_seconds",
      help: "Duration of one sweep.",
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    sweepLagSeconds: new client.Gauge({
      name: "lifeline_sweep_lag_seconds",
      help: "How late the latest sweep started after its scheduled time (loop mode).",
      registers: [registry],
    }),
    deliveries: new client.Counter({
      name: "lifeline_deliveries_total",
      help: "Notification deliveries, by integration kind and outcome (success, failed).",
      labelNames: ["kind", "outcome"],
      registers: [registry],
    }),
    outboxBacklog: new client.Gauge({
      name: "lifeline_outbox_backlog",
      help: "Outbox events not processed yet (counted at each scrape by the web process and the sweeper).",
      registers: [registry],
    }),
    probeLeaseLagSeconds: new client.Histogram({
      name: "lifeline_probe_lease_lag_seconds",
      help: "How long after its due time a probe started a check.",
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    probeResults: new client.Counter({
      name: "lifeline_probe_results_total",
      help: "Check results a probe produced, by outcome (up, down).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    dbPool: new client.Gauge({
      name: "lifeline_db_pool_connections",
      help: "PostgreSQL pool connections of this process by state (total, idle, waiting clients).",
      labelNames: ["state"],
      registers: [registry],
    }),
  };
}

export type OperatorMetrics = ReturnType<typeof build>;
const globalForMetrics = globalThis as unknown as {
  lifelineOperatorMetrics?: OperatorMetrics;
  lifelinePools?: Set<PoolLike>;
  lifelineOutbox?: RowReader;
};

export function operatorMetrics(): OperatorMetrics {
  return (globalForMetrics.lifelineOperatorMetrics ??= build());
}

type PoolLike = { totalCount: number; idleCount: number; waitingCount: number };
type RowReader = { get<T>(sql: string, params?: unknown[]): Promise<T | undefined> };

/** The outbox backlog is counted at each scrape (through the (processed_at, id) index). */
export function watchOutbox(sql: RowReader): void {
  globalForMetrics.lifelineOutbox = sql;
}

/** A `pg` pool whose use is read at each scrape. */
export function watchPool(pool: PoolLike): void {
  (globalForMetrics.lifelinePools ??= new Set()).add(pool);
}

const digest = (s: string) => crypto.createHash("sha256").update(s).digest();

/**
 * `GET /metrics` of a process: 404 unless METRICS_TOKEN is set; then `Authorization: Bearer
 * <METRICS_TOKEN>` (compared in constant time) or 401.
 */
export async function operatorMetricsAnswer(
  authorization: string | undefined | null,
  token = process.env.METRICS_TOKEN,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const text = { "Content-Type": "text/plain; charset=utf-8" };
  if (!token) return { status: 404, headers: text, body: "Not found\n" };
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  if (!crypto.timingSafeEqual(digest(given), digest(token))) {
    return { status: 401, headers: { ...text, "WWW-Authenticate": 'Bearer realm="metrics"' }, body: "Unauthorized\n" };
  }
  const m = operatorMetrics();
  let total = 0,
    idle = 0,
    waiting = 0;
  for (const p of globalForMetrics.lifelinePools ?? [])
    ((total += p.totalCount), (idle += p.idleCount), (waiting += p.waitingCount));
  m.dbPool.set({ state: "total" }, total);
  m.dbPool.set({ state: "idle" }, idle);
  m.dbPool.set({ state: "waiting" }, waiting);
  const outbox = globalForMetrics.lifelineOutbox;
  if (outbox) {
    const row = await outbox
      .get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE processed_at IS NULL")
      .catch(() => undefined);
    if (row) m.outboxBacklog.set(Number(row.n));
  }
  return {
    status: 200,
    headers: { "Content-Type": m.registry.contentType, "Cache-Control": "no-store" },
    body: await m.registry.metrics(),
  };
}

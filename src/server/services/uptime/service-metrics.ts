import { env } from "../../../env";
import { notFound } from "../../../shared/errors";
import { pageMetaOf } from "../../../shared/schemas/common";
import type {
  CheckError,
  MetricPeriod,
  PulseItem,
  ResponseTimes,
  SparklinePoint,
  Uptime,
} from "../../../shared/schemas/service-metrics";
import { isoSeconds } from "../../../shared/time";
import {
  HOUR_MS,
  PERIODS,
  SPARKLINE_POINTS,
  bucketStarts,
  floorHour,
  parseWatermark,
  rawFromOf,
  roundMs,
  splitWindow,
  uptimeOrNull,
  uptimePercentage,
} from "../../domain/check-metrics";
import { metricsStore } from "../../storage/engine";

/**
 * Service metrics and errors (spec 4.4; docs/api-probes.md, "Metrics and errors"). Each read is a
 * fixed number of statements: the caller's service with the rollup watermark, then one or two
 * statements of figures, rolled-up hours from check_rollups and only the span not rolled up yet from
 * raw check_results. Another user's service is 404, as in services.getService.
 */
type Raw = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const at = (t: number) => new Date(t);

async function ownedService(userId: number, id: number): Promise<{ through: number | null }> {
  const { sql, q } = metricsStore();
  const row = await sql.get<Raw>(q.service, [id, userId]);
  if (!row) throw notFound("Service");
  return { through: parseWatermark(row.watermark as string | null)?.through ?? null };
}

export async function uptime(userId: number, id: number, period: MetricPeriod, now = Date.now()): Promise<Uptime> {
  const { through } = await ownedService(userId, id);
  const { sql, q } = metricsStore();
  const w = splitWindow(now - PERIODS[period].ms, now, through, now - env().checkResultRetentionDays * 24 * HOUR_MS);
  const row = (await sql.get<Raw>(q.uptime, [
    id,
    at(w.rollupFrom),
    at(w.rollupTo),
    id,
    at(w.from),
    at(w.rollupFrom),
    id,
    at(w.rollupTo),
  ]))!;
  const total = num(row.total);
  const successful = num(row.successful);
  return {
    uptime_percentage: uptimePercentage(successful, total),
    total_checks: total,
    successful_checks: successful,
    failed_checks: total - successful,
    maintenance_checks: num(row.maintenance),
    period,
  };
}

export async function responseTimes(
  userId: number,
  id: number,
  period: MetricPeriod,
  now = Date.now(),
): Promise<ResponseTimes> {
  const { through } = await ownedService(userId, id);
  const { sql, q } = metricsStore();
  const { bucketMs, starts } = bucketStarts(period, now);
  const first = starts[0]!;
  const rawFrom = rawFromOf(starts, bucketMs, now, env().checkResultRetentionDays, through);
  const epoch = first / 1000;
  const bucketSeconds = bucketMs / 1000;
  const [raw, rolled] = await Promise.all([
    sql.all<Raw>(q.bucketsRaw, [epoch, bucketSeconds, id, at(rawFrom)]),
    rawFrom > first
      ? sql.all<Raw>(q.bucketsRollup, [epoch, bucketSeconds, id, at(first), at(rawFrom)])
      : Promise.resolve([]),
  ]);
  const byIndex = new Map<number, Raw>();
  for (const r of [...rolled, ...raw]) byIndex.set(num(r.b), r);
  return {
    period,
    bucket_seconds: bucketSeconds,
    buckets: starts.map((start, i) => {
      const r = byIndex.get(i);
      const count = r ? num(r.n) : 0;
      return {
        start: isoSeconds(at(start)),
        count,
        p50_ms: count > 0 ? roundMs(r!.p50 as number | null) : null,
        p95_ms: count > 0 ? roundMs(r!.p95 as number | null) : null,
        max_ms: count > 0 ? roundMs(r!.max_ms as number | null) : null,
      };
    }),
  };
}

export async function sparkline(userId: number, id: number, now = Date.now()): Promise<SparklinePoint[]> {
  const { through } = await ownedService(userId, id);
  const [item] = await hourlyFigures([id], through, now);
  return item!.sparkline;
}

/**
 * The dashboard's list: each of the caller's services among `ids` (others are left out), in the
 * order asked, with its 24-hour uptime and sparkline. Two statements whatever the number of ids.
 */
export async function pulse(userId: number, ids: number[], now = Date.now()): Promise<PulseItem[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const { sql, q } = metricsStore();
  const owned = await sql.all<Raw>(q.services, [userId, metricsStore().ids(unique)]);
  if (owned.length === 0) return [];
  const mine = new Set(owned.map((r) => num(r.id)));
  const through = parseWatermark(owned[0]!.watermark as string | null)?.through ?? null;
  return hourlyFigures(
    unique.filter((i) => mine.has(i)),
    through,
    now,
  );
}

/** 24 hourly points (rollups, then raw grouped by hour) and the exact 24-hour uptime of each service, one statement. */
async function hourlyFigures(ids: number[], through: number | null, now: number): Promise<PulseItem[]> {
  const { sql, q, ids: idsOf } = metricsStore();
  const current = floorHour(now);
  const sparkFrom = current - (SPARKLINE_POINTS - 1) * HOUR_MS;
  const from = now - 24 * HOUR_MS;
  const w = splitWindow(sparkFrom, now, through);
  const listed = idsOf(ids);
  const rows = await sql.all<Raw>(q.hourly, [
    listed,
    at(sparkFrom),
    at(w.rollupTo),
    listed,
    at(w.rollupTo),
    listed,
    at(from),
    at(sparkFrom),
  ]);
  const byService = new Map<number, { hours: Map<number, Raw>; total: number; successful: number }>();
  for (const id of ids) byService.set(id, { hours: new Map(), total: 0, successful: 0 });
  for (const r of rows) {
    const s = byService.get(num(r.service_id));
    if (!s) continue;
    s.total += num(r.total);
    s.successful += num(r.successful);
    if (r.hour !== null && r.hour !== undefined) s.hours.set(new Date(String(r.hour)).getTime(), r);
  }
  return ids.map((id) => {
    const s = byService.get(id)!;
    const points = Array.from({ length: SPARKLINE_POINTS }, (_, i) => {
      const start = sparkFrom + i * HOUR_MS;
      const r = s.hours.get(start);
      const total = r ? num(r.total) : 0;
      const successful = r ? num(r.successful) : 0;
      return {
        start: isoSeconds(at(start)),
        uptime_percentage: uptimeOrNull(successful, total),
        response_ms: successful > 0 ? roundMs(num(r!.response_sum) / successful) : null,
      };
    });
    return { id, uptime_24h: uptimeOrNull(s.successful, s.total), sparkline: points };
  });
}

export async function errors(
  userId: number,
  id: number,
  page: number,
  limit: number,
): Promise<{ data: CheckError[]; meta: ReturnType<typeof pageMetaOf> }> {
  await ownedService(userId, id);
  const { sql, q } = metricsStore();
  const offset = (page - 1) * limit;
  const rows = await sql.all<Raw>(q.errors, [id, id, limit, offset]);
  const total =
    rows.length > 0 ? num(rows[0]!.total) : offset === 0 ? 0 : num((await sql.get<Raw>(q.errorCount, [id]))?.total);
  return {
    data: rows.map((r) => ({
      id: num(r.id),
      started_at: isoSeconds(new Date(String(r.started_at))),
      reason: (r.reason as string | null) ?? null,
      status_code: r.status_code === null || r.status_code === undefined ? null : num(r.status_code),
      response_time_ms: roundMs(num(r.response_time_ms)) ?? 0,
      probe_id: num(r.probe_id),
      steps: r.steps ? (JSON.parse(String(r.steps)) as { step: string; ms: number }[]) : null,
      screenshot: num(r.screenshots) > 0,
    })),
    meta: pageMetaOf(page, limit, total),
  };
}

import { notFound } from "../../../shared/errors";
import type { CronMonitor, ListCronMonitorsInput } from "../../../shared/schemas/cron-monitors";
import { apiStore } from "../../storage/engine";
import { type ApiStore } from "../../storage/api-store";
import { STATS_WINDOW_MS } from "../../../shared/run-stats";
import { toWire } from "./wire";

export type MonitorPage = { data: CronMonitor[]; meta: { total: number; page: number; limit: number } };

const since = (now: Date) => new Date(now.getTime() - STATS_WINDOW_MS);

/**
 * One page of the organization's monitors, oldest first, with their run figures: two statements
 * whatever the page size (the page with its total, then every row's recent runs and 7-day figures).
 */
export async function listMonitors(
  args: { orgId: number } & ListCronMonitorsInput,
  now = new Date(),
  store: ApiStore = apiStore(),
): Promise<MonitorPage> {
  const projectId = args.project === undefined ? undefined : args.project === "null" ? null : Number(args.project);
  const { rows, total } = await store.monitorPage({
    orgId: args.orgId,
    state: args.state ?? null,
    projectId,
    search: args.search?.trim() || null,
    offset: (args.page - 1) * args.limit,
    limit: args.limit,
    now,
  });
  const stats = await store.runFigures(
    rows.map((r) => r.id),
    since(now),
  );
  return {
    data: rows.map((row) => toWire(row, stats.get(row.id))),
    meta: { total, page: args.page, limit: args.limit },
  };
}

/** One monitor of the organization with its run figures (one statement); any other id (including another organization's) is 404. */
export async function getMonitor(
  args: { orgId: number; monitorId: number },
  now = new Date(),
  store: ApiStore = apiStore(),
): Promise<CronMonitor> {
  const found = await store.monitor(args.orgId, args.monitorId, since(now), now);
  if (!found) throw notFound("Cron monitor");
  return toWire(found.row, found.stats);
}

import type { Prisma } from "../../../generated/prisma/client";
import { notFound } from "../../../shared/errors";
import type { CronMonitor, ListCronMonitorsInput } from "../../../shared/schemas/cron-monitors";
import { db, type Db } from "../../db";
import { loadRunStats } from "./run-stats";
import { toWire } from "./wire";

export type MonitorPage = { data: CronMonitor[]; meta: { total: number; page: number; limit: number } };

/** The `where` of a list filter; `state` is the displayed (folded) state. */
function listWhere(orgId: number, filter: Pick<ListCronMonitorsInput, "state" | "project">): Prisma.CronMonitorWhereInput {
  const where: Prisma.CronMonitorWhereInput = { orgId };
  if (filter.state === "paused") where.OR = [{ paused: true }, { suspended: true }];
  else if (filter.state) Object.assign(where, { state: filter.state, paused: false, suspended: false });
  if (filter.project !== undefined) where.projectId = filter.project === "null" ? null : Number(filter.project);
  return where;
}

/**
 * One page of the organization's monitors, oldest first, with their run figures: five queries
 * whatever the page size (count, page, recent runs, 7-day averages, 7-day overlaps).
 */
export async function listMonitors(
  args: { orgId: number } & ListCronMonitorsInput,
  now = new Date(),
  client: Db = db(),
): Promise<MonitorPage> {
  const where = listWhere(args.orgId, args);
  const [total, rows] = await Promise.all([
    client.cronMonitor.count({ where }),
    client.cronMonitor.findMany({ where, orderBy: { id: "asc" }, skip: (args.page - 1) * args.limit, take: args.limit }),
  ]);
  const stats = await loadRunStats(client, rows.map((r) => r.id), now);
  return { data: rows.map((row) => toWire(row, stats.get(row.id))), meta: { total, page: args.page, limit: args.limit } };
}

/** One monitor of the organization; any other id (including another organization's) is 404. */
export async function getMonitor(args: { orgId: number; monitorId: number }, now = new Date(), client: Db = db()): Promise<CronMonitor> {
  const row = await client.cronMonitor.findFirst({ where: { id: args.monitorId, orgId: args.orgId } });
  if (!row) throw notFound("Cron monitor");
  const stats = await loadRunStats(client, [row.id], now);
  return toWire(row, stats.get(row.id));
}

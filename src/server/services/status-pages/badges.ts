import crypto from "node:crypto";
import { AppError, notFound, validationError } from "../../../shared/errors";
import type { BadgeStates, BadgeView, CreateBadgeInput } from "../../../shared/schemas/badges";
import { isoSeconds } from "../../../shared/time";
import { env } from "../../../env";
import { db } from "../../db";
import { badgeStatus, shownStatus, worstStatus, type BadgeStatus } from "../../domain/badge";
import { barsFromChecks, barsFromIncidents, windowStart } from "../../domain/status-page";
import { monitorMaintenanceRuns, serviceChecksOutsideMaintenance } from "../maintenance/history";
import type { PageScope } from "./pages";
import { cachedBadge, type Cached, type Stamp } from "./cache";

/**
 * Badges: a random key (not an id; nothing in it leads to the object or its ping URL) answers one
 * object's status. Looked up by the key's SHA-256 digest (unique index), so no byte-wise comparison
 * of a secret. Answers come from the per-process cache of public reads (cache.ts): at most one
 * statement (the badge's stamp) per badge and 5 s, a rebuild when its object's state moved or after a
 * minute. Deleting a badge (a write of its organization) revokes it at once in the process that
 * deleted it, within 5 s in the others.
 */
const digest = (key: string) => crypto.createHash("sha256").update(key).digest("hex");
const KEY_FORM = /^[A-Za-z0-9_-]{32}$/;

export function badgeUrls(key: string) {
  const base = `${env().appUrl}/badge/${key}`;
  return { svg: `${base}.svg`, json: `${base}.json`, shields: `${base}/shields` };
}

type BadgeRow = {
  id: number;
  key: string;
  label: string;
  states: string;
  cronMonitorId: number | null;
  serviceId: number | null;
  projectId: number | null;
  createdAt: Date;
};

function view(b: BadgeRow): BadgeView {
  const target =
    b.cronMonitorId !== null
      ? { type: "cron_monitor" as const, id: b.cronMonitorId }
      : b.serviceId !== null
        ? { type: "service" as const, id: b.serviceId }
        : { type: "project" as const, id: b.projectId! };
  return {
    id: b.id,
    label: b.label,
    states: b.states as BadgeStates,
    target,
    urls: badgeUrls(b.key),
    date_created: isoSeconds(b.createdAt),
  };
}

/** The object's name, if the caller may badge it: the organization's cron monitor, the caller's own service or project. */
async function targetName(scope: PageScope, input: CreateBadgeInput): Promise<string> {
  const given = [input.cron_monitor_id, input.service_id, input.project_id].filter((x) => x !== undefined);
  if (given.length !== 1)
    throw validationError("target", "Name exactly one of cron_monitor_id, service_id and project_id");
  if (input.cron_monitor_id !== undefined) {
    const m = await db().cronMonitor.findFirst({
      where: { id: input.cron_monitor_id, orgId: scope.orgId },
      select: { name: true },
    });
    if (!m) throw notFound("Cron monitor");
    return m.name;
  }
  if (scope.userId === null) throw notFound(input.service_id !== undefined ? "Service" : "Project");
  if (input.service_id !== undefined) {
    const s = await db().service.findFirst({
      where: { id: input.service_id, userId: scope.userId },
      select: { name: true },
    });
    if (!s) throw notFound("Service");
    return s.name;
  }
  const p = await db().project.findFirst({
    where: { id: input.project_id!, userId: scope.userId },
    select: { name: true },
  });
  if (!p) throw notFound("Project");
  return p.name;
}

export async function createBadge(scope: PageScope, input: CreateBadgeInput): Promise<BadgeView> {
  const name = await targetName(scope, input);
  const key = crypto.randomBytes(24).toString("base64url");
  const row = await db().badge.create({
    data: {
      orgId: scope.orgId,
      key,
      keyHash: digest(key),
      label: (input.label ?? name).slice(0, 64),
      states: input.states ?? "all",
      cronMonitorId: input.cron_monitor_id ?? null,
      serviceId: input.service_id ?? null,
      projectId: input.project_id ?? null,
    },
  });
  return view(row);
}

export async function listBadges(scope: PageScope): Promise<BadgeView[]> {
  return (await db().badge.findMany({ where: { orgId: scope.orgId }, orderBy: { id: "asc" } })).map(view);
}

export async function deleteBadge(scope: PageScope, id: number): Promise<void> {
  const { count } = await db().badge.deleteMany({ where: { id, orgId: scope.orgId } });
  if (count === 0) throw notFound("Badge");
}

export type PublicBadge = { status: BadgeStatus; label: string; uptime_30d: number | null };

async function serviceFigures(ids: number[], now: Date) {
  const [services, counted] = await Promise.all([
    db().service.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, enabled: true } }),
    // Checks made under a maintenance window are left out, as on status pages (docs/api-maintenance.md).
    serviceChecksOutsideMaintenance(ids, windowStart(now, 30)),
  ]);
  return services.map((s) => ({
    status: badgeStatus(s.status, !s.enabled),
    uptime: barsFromChecks(
      counted.filter((r) => r.serviceId === s.id),
      new Map(),
      now,
      30,
    ).uptime,
  }));
}

async function monitorFigures(ids: number[], orgId: number, now: Date) {
  const since = windowStart(now, 30);
  const [monitors, incidents] = await Promise.all([
    db().cronMonitor.findMany({
      where: { id: { in: ids } },
      select: { id: true, state: true, paused: true, createdAt: true, projectId: true },
    }),
    db().incident.findMany({
      where: { cronMonitorId: { in: ids }, OR: [{ status: "open" }, { resolvedAt: { gte: since } }] },
      select: { cronMonitorId: true, openedAt: true, resolvedAt: true },
    }),
  ]);
  // Time under a maintenance window is left out, as on status pages (docs/api-maintenance.md).
  const quiet = await monitorMaintenanceRuns(orgId, monitors, since, now);
  return monitors.map((m) => ({
    status: badgeStatus(m.state, m.paused),
    uptime: barsFromIncidents(
      incidents.filter((i) => i.cronMonitorId === m.id),
      m.createdAt,
      now,
      30,
      quiet.get(m.id) ?? [],
    ).uptime,
  }));
}

/**
 * One statement: what changes a badge's answer (the badge row, its cron monitor's or service's state
 * and since when), and its organization; null when the key names no badge. A project badge's members
 * are read again at the latest after a minute (MAX_AGE_MS).
 */
async function badgeStamp(hash: string): Promise<Stamp | null> {
  const rows = await db().$queryRaw<{ org_id: number; [k: string]: unknown }[]>`
    SELECT b.id, b.org_id, b.label, b.states, m.state, m.state_since, m.paused, s.status, s.status_since, s.enabled
    FROM badges b LEFT JOIN cron_monitors m ON m.id = b.cron_monitor_id LEFT JOIN services s ON s.id = b.service_id
    WHERE b.key_hash = ${hash}`;
  const row = rows[0];
  if (!row) return null;
  return { stamp: JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? String(v) : v)), orgId: Number(row.org_id) };
}

/** What the badge's key answers (`hit`: from the cache), or null (unknown key, revoked badge, object gone). */
export async function publicBadge(key: string, now: Date): Promise<Cached<PublicBadge> | null> {
  if (!KEY_FORM.test(key)) return null;
  const hash = digest(key);
  const read = await cachedBadge(
    hash,
    now.getTime(),
    () => badgeStamp(hash),
    () => buildBadge(hash, now),
  );
  return read && read.value ? { value: read.value, hit: read.hit } : null;
}

async function buildBadge(hash: string, now: Date): Promise<PublicBadge | null> {
  const b = await db().badge.findUnique({ where: { keyHash: hash } });
  if (!b) return null;
  let parts: { status: BadgeStatus; uptime: number | null }[];
  if (b.cronMonitorId !== null) parts = await monitorFigures([b.cronMonitorId], b.orgId, now);
  else if (b.serviceId !== null) parts = await serviceFigures([b.serviceId], now);
  else {
    const project = await db().project.findUnique({
      where: { id: b.projectId! },
      select: {
        userId: true,
        services: { select: { id: true } },
        monitors: { where: { orgId: b.orgId }, select: { id: true } },
      },
    });
    if (!project) return null;
    const [s, m] = await Promise.all([
      serviceFigures(
        project.services.map((x) => x.id),
        now,
      ),
      monitorFigures(
        project.monitors.map((x) => x.id),
        b.orgId,
        now,
      ),
    ]);
    parts = [...s, ...m];
    const figures = parts.flatMap((p) => (p.uptime === null ? [] : [p.uptime]));
    const mean = figures.length
      ? Math.round((figures.reduce((a, x) => a + x, 0) / figures.length) * 1000) / 1000
      : null;
    return {
      status: shownStatus(worstStatus(parts.map((p) => p.status)), b.states as BadgeStates),
      label: b.label,
      uptime_30d: mean,
    };
  }
  if (parts.length === 0) return null;
  return {
    status: shownStatus(parts[0]!.status, b.states as BadgeStates),
    label: b.label,
    uptime_30d: parts[0]!.uptime,
  };
}

export const badgeGone = () => new AppError("NOT_FOUND", "Badge not found");

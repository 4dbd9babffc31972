import type { AuditRow } from "./audit-pending";
import type { CronMonitor as PrismaMonitorRow } from "../../generated/prisma/client";
import type { RunSummary } from "../../shared/schemas/cron-monitors";

/**
 * The hot reads and writes of the REST interface and the dashboard (authentication with the active
 * organization, a monitor, a page of monitors, their run figures, a monitor's insert), each one or
 * two statements prepared once per connection. One implementation per engine; Prisma keeps the
 * long tail of rare writes. Built by storage/engine.ts.
 */
export interface ApiStore {
  /** `SELECT 1`: the database answers. */
  ping(): Promise<void>;
  /** A session with its user's membership in the organization `slug` (or the default one). */
  userAccess(sessionId: string, slug: string | null): Promise<UserAccessRow | undefined>;
  /** A service token (by digest) with its organization. */
  tokenAccess(tokenHash: string): Promise<TokenAccessRow | undefined>;
  /** A monitor of the organization with its recent runs and 7-day figures (runs since `since`), in one statement. */
  monitor(
    orgId: number,
    monitorId: number,
    since: Date,
    now?: Date,
  ): Promise<{ row: MonitorRecord; stats: RunStats } | undefined>;
  /** One page, oldest first, with the number of monitors matching the filter. */
  monitorPage(filter: MonitorFilter): Promise<{ rows: MonitorRecord[]; total: number }>;
  /** Recent runs, 7-day average duration and overlaps of each monitor, in one statement. */
  runFigures(monitorIds: number[], since: Date): Promise<Map<number, RunStats>>;
  /** A user's service with each probe lane's latest result and pending check, in one statement. */
  serviceStatus(userId: number, serviceId: number): Promise<ServiceStatusRecord | undefined>;
  /**
   * Inserts the monitor unless the organization already has `max` monitors (then undefined); `max` may
   * be Infinity. With `audit`, its audit entry (object id: the new monitor's) commits with it or not at all.
   */
  insertMonitor(values: NewMonitor, max: number, audit?: AuditRow | null): Promise<MonitorRecord | undefined>;
}

/** A monitor's recent runs and 7-day figures. */
export type RunStats = { recentRuns: RunSummary[]; avgDurationMs: number | null; overlapCount: number };

export type OrgRow = { id: number; slug: string; name: string; plan: string };
export type UserAccessRow = {
  userId: number;
  /** The user's email (the audit log's actor). */
  email: string;
  revoked: boolean;
  expiresAt: Date;
  role: string | null;
  org: OrgRow | null;
  /** The user has a confirmed second factor. */
  twoFactor: boolean;
  /** The organization requires a second factor of its members. */
  orgRequiresTwoFactor: boolean;
};
export type TokenAccessRow = {
  tokenId: number;
  /** The token's name (the audit log's actor). */
  name: string;
  orgId: number;
  revoked: boolean;
  capabilities: string;
  org: OrgRow | null;
};

/** A monitor's columns as the API reads them (the ping path's bookkeeping columns left out). */
export type MonitorRecord = Omit<
  PrismaMonitorRow,
  "recentPings" | "unattachedEvents" | "usesMaintenance" | "usesDependencies" // the incident paths' flags: storage/feature-use.ts
> & {
  /** The maintenance window running over the monitor (storage/maintenance-sql.ts); absent: not read. */
  maintenance?: { windowId: number; endsAt: Date } | null;
  /** The parents the monitor depends on (storage/dependency-sql.ts); absent: none. */
  dependsOn?: { cron_monitor_ids: number[]; service_ids: number[] };
};

export type MonitorFilter = {
  orgId: number;
  /** The displayed state: `paused` folds paused and suspended monitors. */
  state: string | null;
  /** undefined: any project; null: no project. */
  projectId: number | null | undefined;
  /** Only names containing this text, ignoring case (null: any name). */
  search: string | null;
  offset: number;
  limit: number;
  /** The instant of the rows' `maintenance` (default: the real time). */
  now?: Date;
};

export type NewMonitor = Omit<MonitorRecord, "id">;

/** A probe lane of a service as its status shows it (lane 0: the platform probes, P: private probe P). */
export type LaneRecord = {
  lane: number;
  outcome: string | null;
  reason: string | null;
  responseTimeMs: number | null;
  consecutiveFailures: number;
  resultAt: Date | null;
  leasableAt: Date | null;
  leasedBy: number | null;
};
export type ServiceStatusRecord = {
  id: number;
  enabled: boolean;
  status: string;
  statusSince: Date | null;
  statusReason: string | null;
  /** In lane order. */
  lanes: LaneRecord[];
};

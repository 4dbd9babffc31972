import { z } from "zod";
import { MONITOR_STATES } from "./cron-monitors";
import { SERVICE_STATUSES } from "./services";
import { timestamp } from "./common";

/** The dashboard's home (`/`): a dashboard-only tRPC procedure, not part of the REST contract. */
export const OVERVIEW_FAILING_LIMIT = 10;
export const OVERVIEW_INCIDENTS_LIMIT = 10;
export const OVERVIEW_CHANGES_LIMIT = 20;
export const OVERVIEW_MAINTENANCE_LIMIT = 5;
export const OVERVIEW_CHANGES_WINDOW_MS = 24 * 3600_000;

const count = z.number().int().min(0);
const countsOf = <T extends readonly string[]>(states: T) =>
  z.object({ ...Object.fromEntries(states.map((s) => [s, count])), total: count }) as z.ZodObject<
    Record<T[number] | "total", typeof count>
  >;

export const overviewSubject = z.object({
  kind: z.enum(["cron_monitor", "service"]),
  id: z.number().int(),
  name: z.string(),
});

export const overviewFailing = overviewSubject.extend({
  state: z.enum(["late", "down", "degraded"]),
  since: timestamp.nullable(),
  reason: z.string().nullable(),
});

export const overviewIncident = z.object({
  id: z.number().int(),
  kind: z.string(),
  reason: z.string(),
  opened_at: timestamp,
  acknowledged_at: timestamp.nullable(),
  subject: overviewSubject.nullable(),
});

export const overviewWindow = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
});

export const overviewChange = z.object({
  incident_id: z.number().int(),
  event: z.enum(["opened", "resolved"]),
  at: timestamp,
  kind: z.string(),
  subject: overviewSubject.nullable(),
});

export const overview = z.object({
  generated_at: timestamp,
  cron_monitors: countsOf(MONITOR_STATES),
  services: countsOf(SERVICE_STATUSES),
  failing: z.object({ data: z.array(overviewFailing), more: z.boolean() }),
  open_incidents: z.object({ data: z.array(overviewIncident), more: z.boolean() }),
  maintenance: z.object({ active: z.array(overviewWindow), next: overviewWindow.nullable() }),
  changes: z.object({ data: z.array(overviewChange), more: z.boolean() }),
});

export type Overview = z.infer<typeof overview>;
export type OverviewSubject = z.infer<typeof overviewSubject>;

/**
 * Plans and their limits, in one table. `maxServices` counts a user's services (services belong to a
 * user and follow the plan of the owner's default organization, like the interval minimum).
 * `maxRecurringMaintenanceWindows` counts an organization's recurring maintenance windows (one-off
 * windows are not counted: they have one run each; docs/limits.md).
 * `auditRetentionDays`: how long the organization's audit log keeps an entry (docs/api-audit-log.md).
 * Changed by the operator: `npm run admin -- org:plan <slug> <plan>`.
 */
export const PLANS = {
  free: {
    maxCronMonitors: 10,
    maxServices: 20,
    minServiceIntervalSeconds: 300,
    privateProbes: false,
    maxRecurringMaintenanceWindows: 5,
    auditRetentionDays: 30,
  },
  pro: {
    maxCronMonitors: 50,
    maxServices: 100,
    minServiceIntervalSeconds: 60,
    privateProbes: false,
    maxRecurringMaintenanceWindows: 10,
    auditRetentionDays: 90,
  },
  team: {
    maxCronMonitors: 100,
    maxServices: 500,
    minServiceIntervalSeconds: 30,
    privateProbes: true,
    maxRecurringMaintenanceWindows: 20,
    auditRetentionDays: 180,
  },
  scale: {
    maxCronMonitors: 150,
    maxServices: 1000,
    minServiceIntervalSeconds: 30,
    privateProbes: true,
    maxRecurringMaintenanceWindows: 50,
    auditRetentionDays: 365,
  },
  enterprise: {
    maxCronMonitors: Number.POSITIVE_INFINITY,
    maxServices: Number.POSITIVE_INFINITY,
    minServiceIntervalSeconds: 10,
    privateProbes: true,
    maxRecurringMaintenanceWindows: 100,
    auditRetentionDays: 730,
  },
} as const;

export type PlanName = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as PlanName[];

export function planOf(name: string): (typeof PLANS)[PlanName] {
  return PLANS[(name in PLANS ? name : "free") as PlanName];
}

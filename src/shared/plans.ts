/** Plans and their limits, in one table. Changed by the operator: `npm run admin -- org:plan <slug> <plan>`. */
export const PLANS = {
  free: { maxCronMonitors: 10, minServiceIntervalSeconds: 300, privateProbes: false },
  pro: { maxCronMonitors: 50, minServiceIntervalSeconds: 60, privateProbes: false },
  team: { maxCronMonitors: 100, minServiceIntervalSeconds: 30, privateProbes: true },
  scale: { maxCronMonitors: 150, minServiceIntervalSeconds: 30, privateProbes: true },
  enterprise: { maxCronMonitors: Number.POSITIVE_INFINITY, minServiceIntervalSeconds: 10, privateProbes: true },
} as const;

export type PlanName = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as PlanName[];

export function planOf(name: string): (typeof PLANS)[PlanName] {
  return PLANS[(name in PLANS ? name : "free") as PlanName];
}

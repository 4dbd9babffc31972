/** What a caller may do inside an organization. Roles map to capabilities here and nowhere else. */
export const CRON_CAPABILITIES = [
  "cronmonitor.view",
  "cronmonitor.create",
  "cronmonitor.edit",
  "cronmonitor.delete",
] as const;

export type CronCapability = (typeof CRON_CAPABILITIES)[number];
/** `org.manage`: members and service tokens. Only roles hold it, never a service token. */
export type Capability = CronCapability | "org.manage";

export const ROLES = ["owner", "admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  owner: [...CRON_CAPABILITIES, "org.manage"],
  admin: [...CRON_CAPABILITIES, "org.manage"],
  member: ["cronmonitor.view", "cronmonitor.create", "cronmonitor.edit"],
  viewer: ["cronmonitor.view"],
};

/** A service token's capabilities as stored (space-separated), keeping only known cron capabilities. */
export function parseTokenCapabilities(stored: string): CronCapability[] {
  return stored.split(" ").filter((c): c is CronCapability => (CRON_CAPABILITIES as readonly string[]).includes(c));
}

export function formatTokenCapabilities(capabilities: readonly CronCapability[]): string {
  return [...new Set(capabilities)].join(" ");
}

export function capabilitiesOf(role: Role): readonly Capability[] {
  return ROLE_CAPABILITIES[role];
}

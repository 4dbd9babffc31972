/** What a caller may do inside an organization. Roles map to capabilities here and nowhere else. */
export const CRON_CAPABILITIES = [
  "cronmonitor.view",
  "cronmonitor.create",
  "cronmonitor.edit",
  "cronmonitor.delete",
] as const;

/** `org.manage`: members and service tokens. Only roles hold it, never a service token. */
export type Capability = (typeof CRON_CAPABILITIES)[number] | "org.manage";

export const ROLES = ["owner", "admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  owner: [...CRON_CAPABILITIES, "org.manage"],
  admin: [...CRON_CAPABILITIES, "org.manage"],
  member: ["cronmonitor.view", "cronmonitor.create", "cronmonitor.edit"],
  viewer: ["cronmonitor.view"],
};

export function capabilitiesOf(role: Role): readonly Capability[] {
  return ROLE_CAPABILITIES[role];
}

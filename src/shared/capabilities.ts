/** What a caller may do inside an organization. Roles map to capabilities here and nowhere else. */
export const CRON_CAPABILITIES = [
  "cronmonitor.view",
  "cronmonitor.create",
  "cronmonitor.edit",
  "cronmonitor.delete",
] as const;

export type CronCapability = (typeof CRON_CAPABILITIES)[number];

/**
 * `probe.use`: naming the organization's private probes in a service's `probe_ids` (a private probe
 * checks from inside the organization's network, without the outbound guard). Checked on service
 * create and update, and again at every lease and run-now against the service's owner (a user).
 * Grantable to service tokens, where it has no effect today: services take a user's token only
 * (docs/api-probes.md "Service tokens").
 */
export const PROBE_USE = "probe.use";

/**
 * What a service token may be granted (never `org.manage`): the cron capabilities, `probe.use`, and
 * `metrics.read` (the organization's Prometheus metrics at `GET /metrics`, read-only; it grants
 * nothing else), and `audit.read` (the organization's audit log at `GET /audit-log`, read-only).
 */
export const TOKEN_CAPABILITIES = [...CRON_CAPABILITIES, PROBE_USE, "metrics.read", "audit.read"] as const;
export type TokenCapability = (typeof TOKEN_CAPABILITIES)[number];

/** `org.manage`: members and service tokens. Only roles hold it, never a service token. */
export type Capability = TokenCapability | "org.manage";

export const ROLES = ["owner", "admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  owner: [...CRON_CAPABILITIES, PROBE_USE, "metrics.read", "audit.read", "org.manage"],
  admin: [...CRON_CAPABILITIES, PROBE_USE, "metrics.read", "audit.read", "org.manage"],
  member: ["cronmonitor.view", "cronmonitor.create", "cronmonitor.edit", "metrics.read"],
  viewer: ["cronmonitor.view", "metrics.read"],
};

/** A service token's capabilities as stored (space-separated), keeping only grantable ones. */
export function parseTokenCapabilities(stored: string): TokenCapability[] {
  return stored.split(" ").filter((c): c is TokenCapability => (TOKEN_CAPABILITIES as readonly string[]).includes(c));
}

export function formatTokenCapabilities(capabilities: readonly TokenCapability[]): string {
  return [...new Set(capabilities)].join(" ");
}

export function capabilitiesOf(role: Role): readonly Capability[] {
  return ROLE_CAPABILITIES[role];
}

/** The roles that hold a capability (for rules checked inside SQL, e.g. the probes' lease statement). */
export function rolesWith(capability: Capability): Role[] {
  return ROLES.filter((r) => ROLE_CAPABILITIES[r].includes(capability));
}

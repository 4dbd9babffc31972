/**
 * Fixed words and bounds of the objects, without zod: the dashboard's components import them from
 * here, so the browser's bundle holds neither zod nor the schemas built with it at load.
 * src/shared/schemas re-exports each beside the schema that uses it.
 */
export const MONITOR_STATES = ["new", "up", "late", "down", "paused"] as const;
export const RUN_STATUSES = ["running", "success", "fail", "missed"] as const;
export const DEFAULT_GRACE_SECONDS = 300;
/** A service's displayed statuses (`paused`: not enabled). */
export const SERVICE_STATUSES = ["pending", "operational", "degraded", "down", "paused"] as const;
/** The longest name search (names are at most 128 characters). */
export const MAX_SEARCH_LENGTH = 128;
/** The statuses of a member's words on an incident (status pages and their feeds). */
export const INCIDENT_UPDATE_STATUSES = ["investigating", "identified", "monitoring", "resolved"] as const;
/** The longest run of a recurring window: 7 days. */
export const MAX_MAINTENANCE_DURATION_MINUTES = 7 * 24 * 60;
/** A recurring window's runs last at least this long (docs/limits.md). */
export const MIN_MAINTENANCE_RUN_MINUTES = 5;
/** A new project's colour. */
export const DEFAULT_PROJECT_COLOR = "#3B82F6";
/** An HTTP check's request methods. */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
/** A DNS check's record types. */
export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SOA"] as const;

/**
 * Routing: the events an integration may receive (`events`) and its reminders (`repeat_minutes`).
 * The kinds themselves are src/shared/notification-kinds/.
 */
export const NOTIFICATION_EVENTS = [
  "incident.opened",
  "incident.resolved",
  "incident.reminder",
  "incident.acknowledged",
  "run.drifted",
  "maintenance.started",
  "maintenance.ended",
] as const;
export type RoutedEvent = (typeof NOTIFICATION_EVENTS)[number];
/** The events chosen one by one: an integration whose `events` is not set does not receive them. */
export const OPT_IN_EVENTS: readonly RoutedEvent[] = ["incident.reminder", "maintenance.started", "maintenance.ended"];
export const DEFAULT_EVENTS: readonly RoutedEvent[] = NOTIFICATION_EVENTS.filter((e) => !OPT_IN_EVENTS.includes(e));

/**
 * `repeat_minutes`: the interval of `incident.reminder` (docs/limits.md). At most a week, which is
 * well within the outbox's retention, so the latest reminder's row is always still there.
 */
export const REPEAT_MINUTES_MIN = 10;
export const REPEAT_MINUTES_MAX = 10080;

/** Whether an integration with this stored `events` list receives the event (tests always do). */
export function receivesEvent(storedEvents: string | null | undefined, event: string): boolean {
  if (event === "test") return true;
  let events: unknown;
  try {
    events = JSON.parse(storedEvents || "null");
  } catch {
    events = null;
  }
  return ((Array.isArray(events) ? events : DEFAULT_EVENTS) as readonly string[]).includes(event);
}

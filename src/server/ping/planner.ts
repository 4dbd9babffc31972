import { NO_HOLD_RULES, type NotificationRules } from "../domain/incidents";
import { planEvent, type EventPlanner } from "../domain/run-event-plan";

/**
 * What a run event does to its monitor, its runs and its incidents (domain/run-event-plan.ts), with
 * the notification rules its incidents obey (domain/incidents.ts; none hold anything by default):
 * the planner every ping store is given. The stores read what it asks and execute its plan.
 */
export function eventPlanner(rules: NotificationRules = NO_HOLD_RULES): EventPlanner {
  return (ctx, e) => planEvent(ctx, e, rules);
}

import type { MaintenanceRef } from "../../shared/schemas/maintenance";
import { PrefetchLink } from "./prefetch-link";
import { localDateTime } from "./time";

/**
 * Marks a cron monitor or a service a maintenance window runs over (docs/api-maintenance.md):
 * nothing is notified for it until the window's run ends. Nothing when none runs.
 */
export function MaintenanceBadge({ maintenance }: { maintenance: MaintenanceRef | undefined }) {
  if (!maintenance) return null;
  return (
    <PrefetchLink
      href="/maintenance"
      className="badge maintenance"
      data-testid="maintenance-badge"
      title={`Maintenance window ${maintenance.window_id}: notifications are held until ${localDateTime(maintenance.ends_at)}`}
    >
      Maintenance until {localDateTime(maintenance.ends_at)}
    </PrefetchLink>
  );
}

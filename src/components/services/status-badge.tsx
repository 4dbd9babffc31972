import type { ServiceStatus } from "../../shared/schemas/services";

/** Each status has a word and a shape as well as a colour: colour is never the only signal. */
const LOOK: Record<ServiceStatus, { word: string; mark: string; className: string }> = {
  pending: { word: "Pending", mark: "○", className: "state-new" },
  operational: { word: "Operational", mark: "●", className: "state-up" },
  degraded: { word: "Degraded", mark: "◐", className: "state-late" },
  down: { word: "Down", mark: "▲", className: "state-down" },
  paused: { word: "Paused", mark: "❚❚", className: "state-paused" },
};

export const SERVICE_STATUS_WORDS = Object.fromEntries(Object.entries(LOOK).map(([k, v]) => [k, v.word])) as Record<
  ServiceStatus,
  string
>;

export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const look = LOOK[status];
  return (
    <span className={`badge ${look.className}`} data-status={status} data-testid="service-status">
      <span aria-hidden="true">{look.mark}</span> {look.word}
    </span>
  );
}

/** Events in words (the events picker and the delivery log). */
export const EVENT_LABEL: Record<string, string> = {
  "incident.opened": "Incident opened",
  "incident.resolved": "Incident resolved",
  "incident.reminder": "Reminder while open",
  "incident.acknowledged": "Incident acknowledged",
  "run.drifted": "Run drifted",
  "maintenance.started": "Maintenance started",
  "maintenance.ended": "Maintenance ended",
  test: "Test",
  confirmation: "Confirmation mail",
};

import { z } from "zod";
import type { Message } from "../notifications/message";
import { storable } from "../schemas/text";
import { defineKind } from "./kind";
import { apiUrl, apiUrlField, clip, join, json, randomKey } from "./parts";

/**
 * PagerDuty Events API v2: `trigger` when an incident opens, `resolve` when it resolves, with one
 * dedup_key per incident, so PagerDuty's alert follows Lifeline's incident. A reminder triggers
 * again with the same key: PagerDuty adds it to the open alert's log instead of opening another.
 */
export const pagerduty = defineKind({
  kind: "pagerduty",
  label: "PagerDuty",
  config: z.strictObject({
    routing_key: z
      .string()
      .check(storable)
      .regex(/^[A-Za-z0-9]{32}$/, "Enter the 32-character integration key")
      .describe("The Events API v2 integration (routing) key"),
    api_url: apiUrl("https://events.pagerduty.com"),
  }),
  secrets: ["routing_key"],
  form: {
    fields: [
      {
        name: "routing_key",
        label: "Integration key",
        input: "text",
        required: true,
        help: "32 characters: a service's Integrations → Add → Events API v2 → Integration Key.",
      },
      apiUrlField("https://events.pagerduty.com"),
    ],
    docs: {
      href: "https://support.pagerduty.com/main/docs/services-and-integrations",
      text: "PagerDuty: services and integrations",
    },
    summary: ["routing_key"],
  },
  via: "http",
  render(m, c) {
    const url = join(c.api_url ?? "https://events.pagerduty.com", "/v2/enqueue");
    const dedupKey = pagerdutyDedupKey(m);
    if (m.event === "maintenance.ended" && m.maintenanceKey !== null)
      return json(url, { routing_key: c.routing_key, event_action: "resolve", dedup_key: dedupKey });
    if (m.tone === "resolved" && m.incidentId !== null)
      return json(url, { routing_key: c.routing_key, event_action: "resolve", dedup_key: dedupKey });
    if (m.event === "incident.acknowledged" && m.incidentId !== null) {
      return json(url, { routing_key: c.routing_key, event_action: "acknowledge", dedup_key: dedupKey });
    }
    return json(url, {
      routing_key: c.routing_key,
      event_action: "trigger",
      dedup_key: dedupKey,
      payload: {
        summary: clip(m.title, 1024),
        source: m.subject ?? "Lifeline",
        severity:
          m.tone === "opened"
            ? "critical"
            : m.event === "test" || m.event === "maintenance.started"
              ? "info"
              : "warning",
        timestamp: m.since,
        component: m.subject ?? undefined,
        group: m.project ?? undefined,
        class: m.event,
        custom_details: Object.fromEntries(m.facts.map((f) => [f.label.toLowerCase(), f.value])),
      },
      client: "Lifeline",
      ...(m.link ? { client_url: m.link, links: [{ href: m.link, text: "Open in Lifeline" }] } : {}),
    });
  },
});

/** The incident's key (stable across events and renames), a maintenance run's; other events get their own. */
function pagerdutyDedupKey(m: Message): string {
  if (m.maintenanceKey !== null) return m.maintenanceKey;
  if (m.incidentId !== null) return `lifeline-incident-${m.incidentId}`;
  return m.eventId !== null ? `lifeline-event-${m.eventId}` : `lifeline-test-${randomKey()}`;
}

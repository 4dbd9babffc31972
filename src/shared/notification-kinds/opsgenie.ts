import { z } from "zod";
import { defineKind } from "./kind";
import { apiUrl, apiUrlField, clip, join, json, randomKey, text } from "./parts";

const HOSTS = { us: "https://api.opsgenie.com", eu: "https://api.eu.opsgenie.com" } as const;

/**
 * Opsgenie Alert API: create an alert when an incident opens, close it by alias when it resolves.
 * The alias is the incident's id, never a name, so it survives renames of the monitor. A reminder
 * creates with the same alias: Opsgenie counts it on the open alert (deduplication) rather than opening another.
 */
export const opsgenie = defineKind({
  kind: "opsgenie",
  label: "Opsgenie",
  config: z.strictObject({
    api_key: text("The API integration's key (sent as GenieKey)"),
    region: z
      .enum(["us", "eu"], "Choose us or eu")
      .default("us")
      .describe("us: api.opsgenie.com; eu: api.eu.opsgenie.com"),
    api_url: apiUrl("by region"),
  }),
  secrets: ["api_key"],
  form: {
    fields: [
      {
        name: "api_key",
        label: "API key",
        input: "text",
        required: true,
        help: "A team's Integrations → Add integration → API → its API key.",
      },
      {
        name: "region",
        label: "Region",
        input: "select",
        options: [
          { value: "us", label: "US (api.opsgenie.com)" },
          { value: "eu", label: "EU (api.eu.opsgenie.com)" },
        ],
        help: "Where your Opsgenie account lives.",
      },
      apiUrlField("the region's host"),
    ],
    docs: {
      href: "https://support.atlassian.com/opsgenie/docs/create-a-default-api-integration/",
      text: "Opsgenie: create an API integration",
    },
    summary: ["region"],
  },
  via: "http",
  render(m, c) {
    const base = c.api_url ?? HOSTS[c.region ?? "us"];
    const headers = { Authorization: `GenieKey ${c.api_key}` };
    const alias =
      m.maintenanceKey !== null
        ? m.maintenanceKey
        : m.incidentId !== null
          ? `lifeline-incident-${m.incidentId}`
          : m.eventId !== null
            ? `lifeline-event-${m.eventId}`
            : `lifeline-test-${randomKey()}`;
    if (
      (m.tone === "resolved" && m.incidentId !== null) ||
      (m.event === "maintenance.ended" && m.maintenanceKey !== null)
    ) {
      return json(
        join(base, `/v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`),
        { source: "Lifeline", note: clip(m.title, 25000) },
        headers,
      );
    }
    if (m.event === "incident.acknowledged" && m.incidentId !== null) {
      return json(
        join(base, `/v2/alerts/${encodeURIComponent(alias)}/acknowledge?identifierType=alias`),
        { source: "Lifeline", note: clip(m.title, 25000) },
        headers,
      );
    }
    return json(
      join(base, "/v2/alerts"),
      {
        message: clip(m.title, 130),
        alias,
        description: clip([...m.lines, ...(m.link ? [`Open in Lifeline: ${m.link}`] : [])].join("\n"), 15000),
        source: "Lifeline",
        priority: m.tone === "opened" ? "P1" : m.event === "test" || m.event === "maintenance.started" ? "P5" : "P3",
        tags: ["lifeline", m.event],
        details: Object.fromEntries(m.facts.map((f) => [f.label, clip(f.value, 8000)])),
        ...(m.subject ? { entity: clip(m.subject, 512) } : {}),
      },
      headers,
    );
  },
});

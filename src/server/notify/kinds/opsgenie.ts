import crypto from "node:crypto";
import { clip, join, json, type KindSender } from "./types";

const HOSTS = { us: "https://api.opsgenie.com", eu: "https://api.eu.opsgenie.com" } as const;

/**
 * Opsgenie Alert API: create an alert when an incident opens, close it by alias when it resolves.
 * The alias is the incident's id, never a name, so it survives renames of the monitor. A reminder
 * creates with the same alias: Opsgenie counts it on the open alert (deduplication) rather than opening another.
 */
export const opsgenie: KindSender<"opsgenie"> = {
  kind: "opsgenie",
  render(m, c) {
    const base = c.api_url ?? HOSTS[c.region ?? "us"];
    const headers = { Authorization: `GenieKey ${c.api_key}` };
    const alias =
      m.incidentId !== null ? `lifeline-incident-${m.incidentId}` : m.eventId !== null ? `lifeline-event-${m.eventId}` : `lifeline-test-${crypto.randomUUID()}`;
    if (m.tone === "resolved" && m.incidentId !== null) {
      return json(join(base, `/v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`), { source: "Lifeline", note: clip(m.title, 25000) }, headers);
    }
    if (m.event === "incident.acknowledged" && m.incidentId !== null) {
      return json(join(base, `/v2/alerts/${encodeURIComponent(alias)}/acknowledge?identifierType=alias`), { source: "Lifeline", note: clip(m.title, 25000) }, headers);
    }
    return json(
      join(base, "/v2/alerts"),
      {
        message: clip(m.title, 130),
        alias,
        description: clip([...m.lines, ...(m.link ? [`Open in Lifeline: ${m.link}`] : [])].join("\n"), 15000),
        source: "Lifeline",
        priority: m.tone === "opened" ? "P1" : m.event === "test" ? "P5" : "P3",
        tags: ["lifeline", m.event],
        details: Object.fromEntries(m.facts.map((f) => [f.label, clip(f.value, 8000)])),
        ...(m.subject ? { entity: clip(m.subject, 512) } : {}),
      },
      headers,
    );
  },
};

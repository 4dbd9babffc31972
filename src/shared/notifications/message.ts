import { childrenLine, details, headline, openFor } from "./format";
import { runFlagText } from "../incident-kinds";
import type { Payload } from "./payload";

/**
 * The one message every kind renders: the same facts, worded once. A kind's renderer
 * (src/shared/notification-kinds/<kind>.ts) only lays these out in its service's format.
 */
export type Message = {
  event: Payload["event"];
  /**
   * "opened" | "resolved" | "info": drives colours, priorities and alert actions. A reminder is
   * "opened" (the incident is still down): red, the priority of an opening.
   */
  tone: "opened" | "resolved" | "info";
  /** The headline: what happened to whom ("\"nightly\" is DOWN: an expected ping did not arrive"). */
  title: string;
  /** The monitor's or service's name (null for a test). */
  subject: string | null;
  /** "monitor" or "service". */
  where: string | null;
  project: string | null;
  /** Since when (the incident's opening, else the event's time), ISO 8601. */
  since: string;
  reason: string | null;
  /** The dashboard link of the monitor or service. */
  link: string | null;
  /** The detail lines (plain text), without the link. */
  lines: string[];
  /** The facts as label/value pairs, for kinds with fields (Discord, Teams...). */
  facts: { label: string; value: string }[];
  /** The incident this is about: the key of alerts that are opened and resolved (PagerDuty, Opsgenie). */
  incidentId: number | null;
  /**
   * A maintenance run's key, the same for its `maintenance.started` and `maintenance.ended`: the key of
   * an alert the start opens and the end closes (PagerDuty, Opsgenie). Null for every other event.
   */
  maintenanceKey: string | null;
  /** Stable across retries of one event (null for a test). */
  eventId: number | null;
  occurredAt: string;
  logTail: string | null;
};

export function messageOf(p: Payload): Message {
  const tone =
    p.event === "incident.opened" || p.event === "incident.reminder"
      ? "opened"
      : p.event === "incident.resolved"
        ? "resolved"
        : "info";
  const subject = p.monitor?.name ?? p.service?.name ?? null;
  const where = p.monitor ? "monitor" : p.service ? "service" : null;
  const since = p.incident?.opened_at ?? p.occurred_at;
  const facts: Message["facts"] = [];
  if (subject) facts.push({ label: where === "service" ? "Service" : "Monitor", value: subject });
  if (p.project) facts.push({ label: "Project", value: p.project.name });
  if (p.incident) facts.push({ label: "Reason", value: p.incident.reason }, { label: "Since", value: since });
  if (p.run?.flag) facts.push({ label: "Run flagged", value: runFlagText(p.run.flag, p.run.flag_detail) });
  if (p.incident?.resolved_at) facts.push({ label: "Resolved", value: p.incident.resolved_at });
  if (p.event === "incident.reminder" && p.incident)
    facts.push({ label: "Open for", value: openFor(p.incident.opened_at, p.occurred_at) });
  if (p.children?.length) facts.push({ label: "Dependents held back", value: childrenLine(p.children) });
  if (p.incident?.acknowledged_by) facts.push({ label: "Acknowledged by", value: p.incident.acknowledged_by });
  if (p.maintenance) {
    facts.push({ label: "Maintenance", value: p.maintenance.title });
    if (p.event === "maintenance.started") facts.push({ label: "Until", value: p.maintenance.ends_at });
    else
      facts.push({ label: "From", value: p.maintenance.starts_at }, { label: "Until", value: p.maintenance.ends_at });
  }
  if (p.event === "test")
    facts.push({ label: "Test", value: "This integration works: Lifeline will notify it about incidents." });
  return {
    event: p.event,
    tone,
    title: headline(p),
    subject,
    where,
    project: p.project?.name ?? null,
    since,
    reason: p.incident?.reason ?? null,
    link: p.monitor?.url ?? p.service?.url ?? null,
    lines: details(p).filter((l) => !l.startsWith("Open in Lifeline")),
    facts,
    incidentId: p.incident?.id ?? null,
    maintenanceKey: p.maintenance
      ? `lifeline-maintenance-${p.maintenance.id}-${Date.parse(p.maintenance.starts_at) / 1000}`
      : null,
    eventId: p.event_id,
    occurredAt: p.occurred_at,
    logTail: p.run?.log_tail ?? null,
  };
}

/** The message as plain text: headline, detail lines and the link. */
export function plainText(m: Message): string {
  return [
    m.title,
    ...m.lines,
    ...(m.project ? [`Project: ${m.project}`] : []),
    ...(m.link ? [`Open in Lifeline: ${m.link}`] : []),
  ].join("\n");
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The message as simple HTML (Telegram's and Matrix's subset: b, a, br-free lines). */
export function htmlLines(m: Message): string[] {
  const lines = [`<b>${escapeHtml(m.title)}</b>`, ...m.lines.map(escapeHtml)];
  if (m.project) lines.push(`Project: ${escapeHtml(m.project)}`);
  if (m.link) lines.push(`<a href="${escapeHtml(m.link)}">Open in Lifeline</a>`);
  return lines;
}

/** Colours by tone (red, green, amber) as 0xRRGGBB. */
export const TONE_COLOUR = { opened: 0xd93025, resolved: 0x1e8e3e, info: 0xf9ab00 } as const;

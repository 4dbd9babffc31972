import { incidentKindText as kindText, runFlagText } from "../incident-kinds";
import type { Payload } from "./payload";

/** One-line headline of a notification, shared by Slack and email. */
export function headline(p: Payload): string {
  const name = p.monitor ? `"${p.monitor.name}"` : p.service ? `"${p.service.name}"` : "A monitor";
  switch (p.event) {
    case "incident.opened":
      return `${name} is DOWN: ${p.incident ? kindText(p.incident.kind) : "incident opened"}`;
    case "incident.resolved":
      return `${name} is back UP: incident resolved`;
    case "incident.reminder":
      return `${name} is still DOWN${p.incident ? ` after ${openFor(p.incident.opened_at, p.occurred_at)}` : ""}: ${p.incident ? kindText(p.incident.kind) : "incident open"}`;
    case "incident.acknowledged":
      return `${name}: incident acknowledged${p.incident?.acknowledged_by ? ` by ${p.incident.acknowledged_by}` : ""}`;
    case "incident.updated": // status page subscribers only (notify/subscribers.ts); no integration receives it
      return `${name}: incident updated`;
    case "run.drifted":
      return `${name} ran longer than usual`;
    case "maintenance.started":
      return `Maintenance started: ${p.maintenance?.title ?? "a maintenance window"}`;
    case "maintenance.ended":
      return `Maintenance ended: ${p.maintenance?.title ?? "a maintenance window"}`;
    case "maintenance.scheduled": // status page subscribers only (notify/subscribers.ts); no integration receives it
      return `Maintenance scheduled: ${p.maintenance?.title ?? "a maintenance window"}`;
    case "test":
      return "Test notification from Lifeline";
  }
}

/** How long an incident has been open at `at`, in words ("25 min", "3 h 5 min", "2 d 4 h"). */
export function openFor(openedAt: string, at: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(at) - Date.parse(openedAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

/** The line a reminder adds: why it comes, and how to stop it. */
export const REMINDER_LINE =
  "Reminder: the incident is still open and nobody has acknowledged it. Acknowledge it in Lifeline to stop the reminders.";

/** How many children a parent's resolution names before "and N more". */
const CHILDREN_NAMED = 10;

/** The line a parent's resolution adds: the dependents affected while it was down, and which still fail. */
export function childrenLine(children: NonNullable<Payload["children"]>): string {
  const failing = children.filter((c) => c.status === "open").length;
  const named = children
    .slice(0, CHILDREN_NAMED)
    .map((c) => `${c.name} (${c.status === "open" ? "still failing" : "recovered"})`);
  const more = children.length > CHILDREN_NAMED ? `, and ${children.length - CHILDREN_NAMED} more` : "";
  return `While it was down, ${children.length} dependent${children.length === 1 ? "" : "s"} held back (${failing} still failing, notified on their own): ${named.join(", ")}${more}.`;
}

/** The detail lines under the headline (plain text). */
export function details(p: Payload): string[] {
  const lines: string[] = [];
  if (p.event === "test") lines.push("This integration works: Lifeline will notify it about incidents.");
  if (p.event === "incident.reminder") lines.push(REMINDER_LINE);
  if (p.event === "maintenance.started" && p.maintenance)
    lines.push(`Until ${p.maintenance.ends_at}: nothing is notified for the objects it covers meanwhile.`);
  if (p.event === "maintenance.ended" && p.maintenance)
    lines.push(`From ${p.maintenance.starts_at} to ${p.maintenance.ends_at}; notifications resume.`);
  if (p.incident)
    lines.push(`Incident #${p.incident.id} (${p.incident.kind}, ${p.incident.status}): ${p.incident.reason}`);
  if (p.monitor) lines.push(`Schedule: ${p.monitor.schedule}. Last ping: ${p.monitor.last_ping_at ?? "never"}.`);
  if (p.children?.length) lines.push(childrenLine(p.children));
  if (p.run) {
    const duration = p.run.duration_ms !== null ? `, took ${(p.run.duration_ms / 1000).toFixed(1)} s` : "";
    const baseline =
      p.run.drifted && p.run.baseline_ms !== null ? ` (usually ${(p.run.baseline_ms / 1000).toFixed(1)} s)` : "";
    const exit = p.run.exit_code !== null ? `, exit code ${p.run.exit_code}` : "";
    const flagged = p.run.flag ? `, flagged ${runFlagText(p.run.flag, p.run.flag_detail)}` : "";
    lines.push(`Last run: ${p.run.status}${flagged}, started ${p.run.started_at}${duration}${baseline}${exit}.`);
  }
  if (p.monitor) lines.push(`Open in Lifeline: ${p.monitor.url}`);
  if (p.service) lines.push(`Open in Lifeline: ${p.service.url}`);
  return lines;
}

/**
 * The confirmation mail of an email integration. Only fixed text and the link: nothing an account
 * chose (names, monitor texts) reaches an address whose recipient has not agreed to receive mail.
 */
export function confirmationMail(link: string): { subject: string; text: string } {
  return {
    subject: "[Lifeline] Confirm that this address may receive notifications",
    text: [
      "Someone asked Lifeline to send monitoring notifications to this address.",
      "Nothing else is sent to it until you confirm by opening this link:",
      "",
      link,
      "",
      "The link works for 7 days. If you did not expect this mail, ignore it: without your confirmation no notification is sent here.",
    ].join("\n"),
  };
}

import { escapeMarkup as e } from "../domain/escape";

/**
 * The mails of status page subscribers (docs/api-status-pages.md "Subscribers"): plain text and an
 * HTML part in which every user text (page title, component name, an update's message) is escaped,
 * so a `<script>` in an update stays text. Each carries the one-click unsubscribe link in its body
 * and in the List-Unsubscribe headers (RFC 2369, RFC 8058).
 */
export const SUBSCRIBER_EVENTS = [
  "incident.opened",
  "incident.updated",
  "incident.resolved",
  "maintenance.scheduled",
  "maintenance.started",
] as const;
export type SubscriberEvent = (typeof SUBSCRIBER_EVENTS)[number];

export type SubscriberNotice = {
  event: SubscriberEvent;
  pageTitle: string;
  pageUrl: string;
  /** The component as the page shows it (display name, else the object's name). */
  component: string;
  /** When the incident opened, the update was posted, or the incident resolved. */
  at: string;
  update: { status: string; message: string } | null;
  /** maintenance.*: the window's title, description and run (`component`: the covered components, joined). */
  maintenance?: { title: string; description: string; startsAt: string; endsAt: string } | null;
};

export type MailMessage = { subject: string; text: string; html: string; headers: Record<string, string> };

/** Subjects are one line: user text with line breaks or runs of spaces is folded to single spaces. */
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

function headline(n: SubscriberNotice): string {
  if (n.event === "maintenance.scheduled") return `Maintenance scheduled: ${n.maintenance?.title ?? ""}`;
  if (n.event === "maintenance.started") return `Maintenance started: ${n.maintenance?.title ?? ""}`;
  if (n.event === "incident.opened") return `${n.component} is down`;
  if (n.event === "incident.resolved") return `${n.component} is operational again`;
  return `${n.component}: ${n.update?.status ?? "update"}`;
}

function lines(n: SubscriberNotice): string[] {
  if (n.maintenance) {
    const w = n.maintenance;
    return [
      `From ${w.startsAt} until ${w.endsAt} (UTC).`,
      `Affects ${n.component}.`,
      ...(w.description ? ["", w.description] : []),
    ];
  }
  if (n.event === "incident.opened") return [`An incident opened at ${n.at}.`];
  if (n.event === "incident.resolved") return [`The incident was resolved at ${n.at}.`];
  return [`Update posted at ${n.at}:`, "", n.update?.message ?? ""];
}

const unsubscribeText = (url: string) =>
  `You receive this because you subscribed to this status page. Unsubscribe with one click: ${url}`;

export function subscriberMail(n: SubscriberNotice, unsubscribeUrl: string): MailMessage {
  const title = headline(n);
  const text = [
    title,
    "",
    ...lines(n),
    "",
    `Status page: ${n.pageUrl}`,
    "",
    "--",
    unsubscribeText(unsubscribeUrl),
    "",
  ].join("\n");
  const body = lines(n)
    .filter((l) => l !== "")
    .map((l) => `<p style="white-space:pre-wrap">${e(l)}</p>`)
    .join("");
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${e(oneLine(title))}</title></head><body>` +
    `<h1 style="font-size:1.2rem">${e(title)}</h1>${body}<p><a href="${e(n.pageUrl)}">${e(n.pageTitle)}</a></p>` +
    `<hr><p style="font-size:.9rem">You receive this because you subscribed to this status page. ` +
    `<a href="${e(unsubscribeUrl)}">Unsubscribe</a> with one click.</p></body></html>`;
  return {
    subject: oneLine(`[${n.pageTitle}] ${title}`),
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * The confirmation mail of a subscription: the one mail sent before the recipient agrees. Only fixed
 * text, the page's address (its slug is letters, digits and hyphens) and the link: nothing else the
 * page's owners chose reaches an address whose recipient has not asked for it.
 */
export function subscriptionConfirmationMail(pageUrl: string, link: string): { subject: string; text: string } {
  return {
    subject: "Confirm your subscription to a status page",
    text: [
      `Someone asked to receive the incidents of the status page ${pageUrl} at this address.`,
      "Nothing is sent to it until you confirm by opening this link:",
      "",
      link,
      "",
      "The link works for 7 days. If you did not ask for this, ignore this mail: without your confirmation nothing more is sent.",
    ].join("\n"),
  };
}

import { isoSeconds } from "../../shared/time";
import { statusPageUrl, unsubscribeLink, unsubscribeToken } from "./links";
import type { SqlRunner } from "../storage/runner";
import { subscriberStore, type SubscriberRecipient as Recipient } from "../storage/subscriber-store";
import type { OutboxRow } from "./outbox";
import { sendMessage, type SendOptions } from "./senders";
import { SUBSCRIBER_EVENTS, subscriberMail, type SubscriberEvent, type SubscriberNotice } from "./subscriber-mail";

/**
 * Status page subscribers hear about an outbox event of a page's component (incident opened, an
 * update posted, incident resolved), from the delivery worker that claimed the event (deliver.ts),
 * never from the request that caused it. Each (event, subscriber) is claimed by inserting its row in
 * `status_page_subscriber_mails` (unique) before the send, so a subscriber gets one mail per event
 * whatever number of sweepers run, even when one takes over another's expired claim. The subscriber
 * is read again right before its send: an unsubscribe or removal stops every mail not yet sent. The
 * statements: storage/subscriber-store.ts.
 */
export const isSubscriberEvent = (event: string): event is SubscriberEvent =>
  (SUBSCRIBER_EVENTS as readonly string[]).includes(event);

const wire = (t: string | Date) => isoSeconds(new Date(t));

/** Mails sent to one subscriber at once, per event. */
const CONCURRENCY = 4;
const ATTEMPTS = 3;

export type SubscriberOptions = SendOptions & { backoffMs: number; log?: (line: object) => void };

/** One recipient per subscriber, naming every component the window covers on its page. */
function oneEach(rows: Recipient[]): Recipient[] {
  const out = new Map<number, Recipient & { names: string[] }>();
  for (const r of rows) {
    const seen = out.get(r.id) ?? { ...r, names: [] };
    if (r.component && !seen.names.includes(r.component)) seen.names.push(r.component);
    out.set(r.id, seen);
  }
  return [...out.values()].map(({ names, ...r }) => ({ ...r, component: names.join(", ") }));
}

export function createSubscriberDelivery(sql: SqlRunner, opts: SubscriberOptions) {
  const log = opts.log ?? (() => {});
  const store = subscriberStore(sql);

  /** What the event says, or null when there is nothing to tell (the incident or update is gone). */
  async function noticeOf(
    row: OutboxRow & { event: SubscriberEvent },
  ): Promise<Omit<SubscriberNotice, "pageTitle" | "pageUrl" | "component"> | null> {
    if (row.event === "maintenance.scheduled" || row.event === "maintenance.started") {
      const w = row.window_id ? await store.window(row.window_id) : undefined;
      if (!w || !row.window_starts_at || !row.window_ends_at) return null;
      const maintenance = {
        title: w.title,
        description: w.description,
        startsAt: wire(row.window_starts_at),
        endsAt: wire(row.window_ends_at),
      };
      return { event: row.event, at: maintenance.startsAt, update: null, maintenance };
    }
    if (row.event === "incident.updated") {
      const u = row.update_id ? await store.update(row.update_id) : undefined;
      return u ? { event: row.event, at: wire(u.created_at), update: { status: u.status, message: u.message } } : null;
    }
    const i = row.incident_id ? await store.incident(row.incident_id) : undefined;
    if (!i) return null;
    const at = row.event === "incident.opened" ? i.opened_at : (i.resolved_at ?? row.created_at);
    return { event: row.event, at: wire(at), update: null };
  }

  async function mailOne(
    row: OutboxRow,
    base: Omit<SubscriberNotice, "pageTitle" | "pageUrl" | "component">,
    r: Recipient,
  ): Promise<"sent" | "failed" | "skipped"> {
    if (!(await store.claim(row.id, r.id, new Date()))) return "skipped";
    const notice: SubscriberNotice = {
      ...base,
      pageTitle: r.title,
      pageUrl: statusPageUrl(r.slug),
      component: r.component ?? "A component",
    };
    const message = subscriberMail(
      notice,
      unsubscribeLink(r.slug, unsubscribeToken({ id: r.id, unsubscribeSalt: r.unsubscribe_salt })),
    );
    let error: string | null = null;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      if (!(await store.stillSubscribed(r.id))) return "skipped"; // unsubscribed or removed meanwhile
      const result = await sendMessage(r.email, message, opts);
      if (result.ok) {
        await store.finish(row.id, r.id, "sent", null);
        return "sent";
      }
      error = result.error;
      if (attempt < ATTEMPTS) await new Promise((res) => setTimeout(res, opts.backoffMs * (attempt === 1 ? 1 : 4)));
    }
    await store.finish(row.id, r.id, "failed", error);
    log({ level: "warn", event: "subscriber.delivery_failed", outbox: row.id, subscriber: r.id, error });
    return "failed";
  }

  return {
    /** Mails the event to every confirmed subscriber not yet reached; counts what was sent and what failed. */
    async deliver(row: OutboxRow): Promise<{ sent: number; failed: number }> {
      const counts = { sent: 0, failed: 0 };
      if (!isSubscriberEvent(row.event)) return counts;
      const recipients =
        row.event.startsWith("maintenance.") && row.window_id
          ? oneEach(await store.windowRecipients(row.window_id))
          : await store.recipients(row.cron_monitor_id, row.service_id);
      if (recipients.length === 0) return counts;
      const base = await noticeOf(row as OutboxRow & { event: SubscriberEvent });
      if (!base) return counts;
      const queue = [...recipients];
      await Promise.all(
        Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
          for (let r = queue.shift(); r !== undefined; r = queue.shift()) {
            const outcome = await mailOne(row, base, r);
            if (outcome !== "skipped") counts[outcome]++;
          }
        }),
      );
      return counts;
    },
  };
}

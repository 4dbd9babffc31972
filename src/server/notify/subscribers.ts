import { isoSeconds } from "../../shared/time";
import { statusPageUrl, unsubscribeLink, unsubscribeToken } from "./links";
import type { SqlRunner } from "../storage/runner";
import type { OutboxRow } from "./outbox";
import { sendMessage, type SendOptions } from "./senders";
import { SUBSCRIBER_EVENTS, subscriberMail, type SubscriberEvent, type SubscriberNotice } from "./subscriber-mail";

/**
 * Status page subscribers hear about an outbox event of a page's component (incident opened, an
 * update posted, incident resolved), from the delivery worker that claimed the event (deliver.ts),
 * never from the request that caused it. Each (event, subscriber) is claimed by inserting its row in
 * `status_page_subscriber_mails` (unique) before the send, so a subscriber gets one mail per event
 * whatever number of sweepers run, even when one takes over another's expired claim. The subscriber
 * is read again right before its send: an unsubscribe or removal stops every mail not yet sent.
 */
export const SUBSCRIBER_SQL = {
  /**
   * Confirmed subscribers of the public and password pages showing the object (params: monitor,
   * service), of pages of the monitor's organization, or of an organization the service's owner is
   * a member of.
   */
  recipients: `SELECT s.id, s.email, s.unsubscribe_salt, p.slug, p.title, COALESCE(c.display_name, m.name, sv.name) AS component
      FROM status_page_components c
      JOIN status_pages p ON p.id = c.page_id
      JOIN status_page_subscribers s ON s.page_id = p.id
      LEFT JOIN cron_monitors m ON m.id = c.cron_monitor_id
      LEFT JOIN services sv ON sv.id = c.service_id
      WHERE (c.cron_monitor_id = ? OR c.service_id = ?) AND s.confirmed_at IS NOT NULL AND p.visibility IN ('public', 'password')
        AND (m.org_id = p.org_id OR EXISTS (SELECT 1 FROM memberships mb WHERE mb.user_id = sv.user_id AND mb.org_id = p.org_id))
      ORDER BY s.id`,
  incident: `SELECT opened_at, resolved_at FROM incidents WHERE id = ?`,
  update: `SELECT status, message, created_at FROM incident_updates WHERE id = ?`,
  /** Params: outbox, subscriber, now. One row changed: this worker sends it. */
  claim: `INSERT INTO status_page_subscriber_mails (outbox_id, subscriber_id, status, created_at) VALUES (?, ?, 'sending', ?)
      ON CONFLICT (outbox_id, subscriber_id) DO NOTHING`,
  stillSubscribed: `SELECT 1 AS yes FROM status_page_subscribers WHERE id = ? AND confirmed_at IS NOT NULL`,
  /** Params: status, error, outbox, subscriber. */
  finish: `UPDATE status_page_subscriber_mails SET status = ?, error = ? WHERE outbox_id = ? AND subscriber_id = ?`,
};

type Recipient = {
  id: number;
  email: string;
  unsubscribe_salt: string;
  slug: string;
  title: string;
  component: string | null;
};

export const isSubscriberEvent = (event: string): event is SubscriberEvent =>
  (SUBSCRIBER_EVENTS as readonly string[]).includes(event);

const wire = (t: string | Date) => isoSeconds(new Date(t));

/** Mails sent to one subscriber at once, per event. */
const CONCURRENCY = 4;
const ATTEMPTS = 3;

export type SubscriberOptions = SendOptions & { backoffMs: number; log?: (line: object) => void };

export function createSubscriberDelivery(sql: SqlRunner, opts: SubscriberOptions) {
  const log = opts.log ?? (() => {});

  /** What the event says, or null when there is nothing to tell (the incident or update is gone). */
  async function noticeOf(
    row: OutboxRow & { event: SubscriberEvent },
  ): Promise<Omit<SubscriberNotice, "pageTitle" | "pageUrl" | "component"> | null> {
    if (row.event === "incident.updated") {
      const u = row.update_id
        ? await sql.get<{ status: string; message: string; created_at: string }>(SUBSCRIBER_SQL.update, [row.update_id])
        : undefined;
      return u ? { event: row.event, at: wire(u.created_at), update: { status: u.status, message: u.message } } : null;
    }
    const i = row.incident_id
      ? await sql.get<{ opened_at: string; resolved_at: string | null }>(SUBSCRIBER_SQL.incident, [row.incident_id])
      : undefined;
    if (!i) return null;
    const at = row.event === "incident.opened" ? i.opened_at : (i.resolved_at ?? row.created_at);
    return { event: row.event, at: wire(at), update: null };
  }

  async function claim(row: OutboxRow, r: Recipient): Promise<boolean> {
    try {
      return (await sql.run(SUBSCRIBER_SQL.claim, [row.id, r.id, new Date()])) === 1;
    } catch {
      return false; // the subscriber was deleted meanwhile (foreign key)
    }
  }

  async function mailOne(
    row: OutboxRow,
    base: Omit<SubscriberNotice, "pageTitle" | "pageUrl" | "component">,
    r: Recipient,
  ): Promise<"sent" | "failed" | "skipped"> {
    if (!(await claim(row, r))) return "skipped";
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
      if (!(await sql.get(SUBSCRIBER_SQL.stillSubscribed, [r.id]))) return "skipped"; // unsubscribed or removed meanwhile
      const result = await sendMessage(r.email, message, opts);
      if (result.ok) {
        await sql.run(SUBSCRIBER_SQL.finish, ["sent", null, row.id, r.id]);
        return "sent";
      }
      error = result.error;
      if (attempt < ATTEMPTS) await new Promise((res) => setTimeout(res, opts.backoffMs * (attempt === 1 ? 1 : 4)));
    }
    await sql.run(SUBSCRIBER_SQL.finish, ["failed", error, row.id, r.id]);
    log({ level: "warn", event: "subscriber.delivery_failed", outbox: row.id, subscriber: r.id, error });
    return "failed";
  }

  return {
    /** Mails the event to every confirmed subscriber not yet reached; counts what was sent and what failed. */
    async deliver(row: OutboxRow): Promise<{ sent: number; failed: number }> {
      const counts = { sent: 0, failed: 0 };
      if (!isSubscriberEvent(row.event)) return counts;
      const recipients = await sql.all<Recipient>(SUBSCRIBER_SQL.recipients, [row.cron_monitor_id, row.service_id]);
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

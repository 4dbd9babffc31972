import type { SqlRunner } from "./runner";

/**
 * The statements of status page subscribers' mails (notify/subscribers.ts), the same SQL on both
 * engines. Each (event, subscriber) is claimed by inserting its row in
 * `status_page_subscriber_mails` (unique) before the send.
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
  /**
   * Confirmed subscribers who chose maintenance mails, of the public and password pages of the
   * window's organization, with each page component the window covers (named, or in a project it
   * names) that belongs to the page's organization (params: window). One row per subscriber and component.
   */
  windowRecipients: `SELECT s.id, s.email, s.unsubscribe_salt, p.slug, p.title, COALESCE(c.display_name, m.name, sv.name) AS component
      FROM maintenance_windows w
      JOIN status_pages p ON p.org_id = w.org_id
      JOIN status_page_subscribers s ON s.page_id = p.id
      JOIN status_page_components c ON c.page_id = p.id
      LEFT JOIN cron_monitors m ON m.id = c.cron_monitor_id
      LEFT JOIN services sv ON sv.id = c.service_id
      WHERE w.id = ? AND s.confirmed_at IS NOT NULL AND s.notify_maintenance AND p.visibility IN ('public', 'password')
        AND (m.org_id = p.org_id OR EXISTS (SELECT 1 FROM memberships mb WHERE mb.user_id = sv.user_id AND mb.org_id = p.org_id))
        AND EXISTS (SELECT 1 FROM maintenance_targets t WHERE t.window_id = w.id
          AND (t.cron_monitor_id = c.cron_monitor_id OR t.service_id = c.service_id
            OR t.project_id = m.project_id OR t.project_id = sv.project_id))
      ORDER BY s.id, c.position`,
  window: `SELECT title, description FROM maintenance_windows WHERE id = ?`,
  incident: `SELECT opened_at, resolved_at FROM incidents WHERE id = ?`,
  update: `SELECT status, message, created_at FROM incident_updates WHERE id = ?`,
  /** Params: outbox, subscriber, now. One row changed: this worker sends it. */
  claim: `INSERT INTO status_page_subscriber_mails (outbox_id, subscriber_id, status, created_at) VALUES (?, ?, 'sending', ?)
      ON CONFLICT (outbox_id, subscriber_id) DO NOTHING`,
  stillSubscribed: `SELECT 1 AS yes FROM status_page_subscribers WHERE id = ? AND confirmed_at IS NOT NULL`,
  /** Params: status, error, outbox, subscriber. */
  finish: `UPDATE status_page_subscriber_mails SET status = ?, error = ? WHERE outbox_id = ? AND subscriber_id = ?`,
};

/** A confirmed subscriber of a page that shows the event's object. */
export type SubscriberRecipient = {
  id: number;
  email: string;
  unsubscribe_salt: string;
  slug: string;
  title: string;
  component: string | null;
};

/** Subscribers' reads and writes on `sql`, one statement each. */
export function subscriberStore(sql: SqlRunner) {
  return {
    /** The confirmed subscribers of pages showing the monitor or service, in id order. */
    recipients: (monitorId: number | null, serviceId: number | null) =>
      sql.all<SubscriberRecipient>(SUBSCRIBER_SQL.recipients, [monitorId, serviceId]),
    /** Subscribers to mail about a window, one row per subscriber and covered component, in subscriber order. */
    windowRecipients: (windowId: number) => sql.all<SubscriberRecipient>(SUBSCRIBER_SQL.windowRecipients, [windowId]),
    window: (id: number) => sql.get<{ title: string; description: string }>(SUBSCRIBER_SQL.window, [id]),
    incident: (id: number) => sql.get<{ opened_at: string; resolved_at: string | null }>(SUBSCRIBER_SQL.incident, [id]),
    update: (id: number) =>
      sql.get<{ status: string; message: string; created_at: string }>(SUBSCRIBER_SQL.update, [id]),
    /** Claims the (event, subscriber) mail; false when another worker has it or the subscriber is gone. */
    async claim(outboxId: number, subscriberId: number, now: Date): Promise<boolean> {
      try {
        return (await sql.run(SUBSCRIBER_SQL.claim, [outboxId, subscriberId, now])) === 1;
      } catch {
        return false; // the subscriber was deleted meanwhile (foreign key)
      }
    },
    stillSubscribed: async (subscriberId: number) => !!(await sql.get(SUBSCRIBER_SQL.stillSubscribed, [subscriberId])),
    finish: (outboxId: number, subscriberId: number, status: "sent" | "failed", error: string | null) =>
      sql.run(SUBSCRIBER_SQL.finish, [status, error, outboxId, subscriberId]),
  };
}

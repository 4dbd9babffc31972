import { describe, expect, it } from "vitest";
import {
  subscriberMail,
  subscriptionConfirmationMail,
  type SubscriberNotice,
} from "../../src/server/notify/subscriber-mail";

const notice = (n: Partial<SubscriberNotice>): SubscriberNotice => ({
  event: "incident.opened",
  pageTitle: "Acme status",
  pageUrl: "https://lifeline.example/status/acme",
  component: "Billing",
  at: "2026-11-25T10:00:00Z",
  update: null,
  ...n,
});
const unsubscribe = "https://lifeline.example/status/acme/subscriptions/unsubscribe/7.abc";

describe("status page subscriber mails", () => {
  it("names the event in the subject and carries the one-click unsubscribe link in the body and the List-Unsubscribe headers", () => {
    const opened = subscriberMail(notice({}), unsubscribe);
    expect(opened.subject).toBe("[Acme status] Billing is down");
    expect(opened.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(opened.text).toContain(unsubscribe);
    expect(opened.html).toContain(`<a href="${unsubscribe}">Unsubscribe</a>`);
    expect(subscriberMail(notice({ event: "incident.resolved" }), unsubscribe).subject).toBe(
      "[Acme status] Billing is operational again",
    );
    const update = subscriberMail(
      notice({ event: "incident.updated", update: { status: "monitoring", message: "Fixed, watching" } }),
      unsubscribe,
    );
    expect(update.subject).toBe("[Acme status] Billing: monitoring");
    expect(update.text).toContain("Fixed, watching");
  });

  it("escapes every user text in the HTML part and keeps the subject on one line", () => {
    const evil = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`;
    const mail = subscriberMail(
      notice({
        event: "incident.updated",
        pageTitle: `Acme\nBcc: x@y.z ${evil}`,
        component: evil,
        update: { status: "identified", message: evil },
      }),
      unsubscribe,
    );
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.startsWith("[Acme Bcc: x@y.z")).toBe(true);
  });

  it("confirmation mails carry fixed text, the page's address and the link only", () => {
    const mail = subscriptionConfirmationMail(
      "https://lifeline.example/status/acme",
      "https://lifeline.example/status/acme/subscriptions/confirm/tok",
    );
    expect(mail.text).toContain("https://lifeline.example/status/acme/subscriptions/confirm/tok");
    expect(mail.subject).toBe("Confirm your subscription to a status page");
  });
});

import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { backoffDelays } from "../../src/server/notify/deliver";
import { awaitsConfirmation, send, UNCONFIRMED_ERROR } from "../../src/server/notify/senders";
import { kindOf } from "../../src/shared/notification-kinds";
import { confirmationMail } from "../../src/shared/notifications/format";
import { messageOf } from "../../src/shared/notifications/message";
import { dashboardLink, logTail, type Payload } from "../../src/shared/notifications/payload";
import { signBody, verifySignature } from "../../src/server/notify/signature";
import { kindFieldErrors } from "../../src/shared/schemas/integrations";

const payload: Payload = {
  event: "incident.opened",
  event_id: 7,
  project: null,
  occurred_at: "2027-01-10T10:05:01Z",
  monitor: {
    id: 3,
    name: "nightly <backup>",
    state: "down",
    schedule: "At 02:00",
    next_expected_at: "2027-01-11T02:00:00Z",
    last_ping_at: null,
    url: dashboardLink("https://lifeline.example", 3),
  },
  service: null,
  incident: {
    id: 9,
    service: null,
    cron_monitor: 3,
    kind: "failed",
    status: "open",
    reason: "The job reported a failure",
    opened_at: "2027-01-10T10:05:01Z",
    resolved_at: null,
    acknowledged_at: null,
    acknowledged_by: null,
  },
  run: {
    rid: "r",
    status: "fail",
    started_at: "2027-01-10T10:00:00Z",
    finished_at: "2027-01-10T10:01:00Z",
    exit_code: 2,
    duration_ms: 60000,
    baseline_ms: null,
    drifted: false,
    flag: null,
    flag_detail: null,
    log_tail: "disk full",
  },
};

/** The email kind's mail of the payload. */
function mailOf(p: Payload) {
  const email = kindOf("email");
  if (email.via !== "smtp") throw new Error("email is sent by SMTP");
  return email.mail(messageOf(p), { email: "oncall@example.com" });
}

/** The Slack kind's message of the payload (the JSON body it POSTs). */
function slackMessage(p: Payload): { text: string } {
  const slack = kindOf("slack");
  if (slack.via !== "http") throw new Error("slack is sent over HTTP");
  return JSON.parse(
    slack.render(
      messageOf(p),
      { url: "https://hooks.slack.example/s" },
      { integrationId: 1, payload: p, sign: signBody },
    ).body,
  );
}

describe("webhook signatures", () => {
  it("is the hex HMAC-SHA256 of the exact body with the secret", () => {
    const body = JSON.stringify(payload);
    const expected = crypto.createHmac("sha256", "s3cret-s3cret-s3cret").update(body).digest("hex");
    expect(signBody(body, "s3cret-s3cret-s3cret")).toBe(`sha256=${expected}`);
    expect(verifySignature(body, "s3cret-s3cret-s3cret", `sha256=${expected}`)).toBe(true);
    expect(verifySignature(body + " ", "s3cret-s3cret-s3cret", `sha256=${expected}`)).toBe(false);
    expect(verifySignature(body, "other-secret-other", `sha256=${expected}`)).toBe(false);
  });
});

describe("notification text", () => {
  it("puts the monitor, the incident, the last run, its log tail and the dashboard link in an email", () => {
    expect(mailOf(payload).subject).toBe('[Lifeline] "nightly <backup>" is DOWN: the job reported a failure');
    const { text } = mailOf(payload);
    expect(text).toContain("Incident #9 (failed, open): The job reported a failure");
    expect(text).toContain("Last run: fail, started 2027-01-10T10:00:00Z, took 60.0 s, exit code 2.");
    expect(text).toContain("disk full");
    expect(text).toContain("https://lifeline.example/monitors/3");
  });

  it("renders Slack and email from the one message model, so both name the project as every other kind does", () => {
    const inProject: Payload = { ...payload, project: { id: 4, name: "Billing & <ops>" } };
    expect(mailOf(inProject).text).toContain("Project: Billing & <ops>");
    expect(slackMessage(inProject).text).toContain("Project: Billing &amp; &lt;ops&gt;");
    expect(mailOf(payload).text).not.toContain("Project:");
  });

  it("escapes Slack's control characters and links the dashboard", () => {
    const { text } = slackMessage(payload);
    expect(text).toContain("nightly &lt;backup&gt;");
    expect(text).toContain("<https://lifeline.example/monitors/3|Open in Lifeline>");
    expect(text).toContain("```disk full```");
  });

  it("keeps the last 20 lines of a log, at most 2000 characters", () => {
    const log = Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n") + "\n";
    expect(logTail(log)!.split("\n")).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 30}`));
    expect(logTail("x".repeat(5000))).toHaveLength(2000);
    expect(logTail("")).toBeNull();
  });
});

describe("delivery rules", () => {
  it("waits the base and then four times the base between the 3 attempts", () => {
    expect(backoffDelays(3000)).toEqual([3000, 12000]);
  });

  it("asks each kind for its own fields", () => {
    expect(kindFieldErrors("webhook", {}, true)).toEqual({ url: ["A webhook integration needs a url"] });
    expect(kindFieldErrors("email", { url: "https://x.test" }, true)).toEqual({
      url: ["An integration of kind email takes no url"],
      email: ["An email integration needs an email address"],
    });
    expect(kindFieldErrors("slack", { url: "https://hooks.slack.test/x", secret: "0123456789abcdef" }, true)).toEqual({
      secret: ["Only webhook integrations have a signing secret"],
    });
    expect(kindFieldErrors("webhook", { name: "x" } as never, false)).toEqual({});
  });
});

describe("email confirmation", () => {
  it("holds back every send to an unconfirmed email address, without contacting the SMTP server", async () => {
    expect(awaitsConfirmation({ kind: "email", confirmed_at: null })).toBe(true);
    expect(awaitsConfirmation({ kind: "email", confirmed_at: new Date() })).toBe(false);
    expect(awaitsConfirmation({ kind: "webhook", confirmed_at: null })).toBe(false);
    const target = {
      id: 1,
      kind: "email",
      url: null,
      email: "someone@example.test",
      secret: null,
      confirmed_at: null,
      config: "{}",
    };
    // An SMTP_URL that would fail with a connection error if it were contacted.
    const result = await send(target, payload, { smtpUrl: "smtp://127.0.0.1:9", smtpFrom: "lifeline@example.test" });
    expect(result).toMatchObject({ ok: false, error: UNCONFIRMED_ERROR });
  });

  it("mails fixed text and the link only", () => {
    const { subject, text } = confirmationMail("https://lifeline.example/confirm-email/abc");
    expect(subject).toBe("[Lifeline] Confirm that this address may receive notifications");
    expect(text).toContain("\nhttps://lifeline.example/confirm-email/abc\n");
    expect(text).toContain("7 days");
  });
});

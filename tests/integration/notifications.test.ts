import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, registerUser, type TestUser } from "../support/http";
import { testDb } from "../support/db";
import { monitorRow, ping, uuid } from "../support/monitors";
import { confirmByMail } from "../support/integrations";
import {
  eventually,
  mailText,
  rows,
  seedMonitor,
  startReceiver,
  startSmtp,
  sweep,
  sweepersAtOnce,
  type Received,
} from "../support/sweeper";

// Notifications travel from an outbox row (written with the state flip) through the sweeper's
// delivery to real receivers started here. The server's own embedded sweeper delivers too, so every
// assertion counts what the receivers got, whoever sent it.

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

async function integration(user: TestUser, body: Record<string, unknown>) {
  const res = await call("POST", "/integrations", { token: user.access, body: { name: "alerts", ...body } });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; secret?: string };
}

const hmac = (body: string, secret: string) =>
  `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
const eventsOf = (received: Received[]) => received.map((r) => JSON.parse(r.body) as Record<string, any>);
const quietPeriod = () => new Promise((r) => setTimeout(r, 2500)); // longer than the embedded sweeper's delivery poll

describe("webhook notifications", () => {
  it("POSTs signed incident.opened and incident.resolved payloads with the monitor, its link, the incident and the last run", async () => {
    const receiver = await startReceiver();
    try {
      const user = await registerUser("webhook");
      const hook = await integration(user, { kind: "webhook", url: receiver.url });
      expect(hook.secret).toMatch(/^whsec_/);
      const m = await seedMonitor(user, { integrationIds: [hook.id] });
      expect((await ping(m.ping_token, "/fail", { body: "step 1 ok\nstep 2: disk full\n" })).status).toBe(200);
      await sweep(null); // delivers the pending incident.opened (if the embedded sweeper has not already)

      await eventually(() => receiver.received.length >= 1);
      const [opened] = receiver.received;
      expect(opened!.method).toBe("POST");
      expect(opened!.headers["content-type"]).toBe("application/json");
      expect(opened!.headers["x-signature"]).toBe(hmac(opened!.body, hook.secret!));
      expect(opened!.headers["x-lifeline-event"]).toBe("incident.opened");
      const payload = JSON.parse(opened!.body);
      expect(payload).toMatchObject({
        event: "incident.opened",
        monitor: { id: m.id, state: "down", url: `${baseUrl()}/monitors/${m.id}` },
        incident: { cron_monitor: m.id, service: null, kind: "failed", status: "open" },
        run: { status: "fail", log_tail: "step 1 ok\nstep 2: disk full" },
      });
      expect(opened!.headers["x-lifeline-event-id"]).toBe(String(payload.event_id));

      expect((await ping(m.ping_token)).status).toBe(200);
      await sweep(null);
      await eventually(() => receiver.received.length >= 2);
      const resolved = receiver.received[1]!;
      expect(resolved.headers["x-signature"]).toBe(hmac(resolved.body, hook.secret!));
      expect(JSON.parse(resolved.body)).toMatchObject({
        event: "incident.resolved",
        incident: { id: payload.incident.id, status: "resolved" },
        run: { status: "success" },
      });
    } finally {
      await receiver.close();
    }
  });

  it("retries a failing receiver with backoff and records every attempt: two failures, then exactly one accepted delivery", async () => {
    const receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
    try {
      const user = await registerUser("retry");
      const hook = await integration(user, { kind: "webhook", url: receiver.url, is_default: true });
      const m = await seedMonitor(user);
      await ping(m.ping_token, "/fail");
      await sweep(null);
      await eventually(() => receiver.received.length >= 3);
      await quietPeriod();
      expect(receiver.received).toHaveLength(3);
      expect(new Set(eventsOf(receiver.received).map((e) => e.event_id)).size).toBe(1);

      const deliveries = await call("GET", `/integrations/${hook.id}/deliveries`, { token: user.access });
      expect(deliveries.status).toBe(200);
      const attempts = [...deliveries.body.data].reverse();
      expect(attempts.map((d: any) => [d.attempt, d.status, d.response_status])).toEqual([
        [1, "failed", 500],
        [2, "failed", 500],
        [3, "success", 200],
      ]);
      expect(attempts.every((d: any) => d.event === "incident.opened" && d.event_id === attempts[0].event_id)).toBe(
        true,
      );
      expect(attempts[0].error).toBe("HTTP 500");
      expect(deliveries.body.meta).toMatchObject({ total: 3, page: 1 });
    } finally {
      await receiver.close();
    }
  });

  it("gives up after 3 failed attempts and marks the event processed", async () => {
    const receiver = await startReceiver(() => 503);
    try {
      const user = await registerUser("give-up");
      const hook = await integration(user, { kind: "webhook", url: receiver.url, is_default: true });
      const m = await seedMonitor(user);
      await ping(m.ping_token, "/fail");
      await sweep(null);
      await eventually(
        async () =>
          (await rows("SELECT processed_at FROM outbox WHERE cron_monitor_id = ? AND processed_at IS NOT NULL", m.id))
            .length === 1,
      );
      await quietPeriod();
      expect(receiver.received).toHaveLength(3);
      expect(await rows("SELECT status FROM deliveries WHERE integration_id = ?", hook.id)).toEqual([
        { status: "failed" },
        { status: "failed" },
        { status: "failed" },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("sends to the monitor's integration_ids, or to the organization defaults when that list is empty", async () => {
    const defaults = await startReceiver();
    const listed = await startReceiver();
    try {
      const user = await registerUser("targets");
      await integration(user, { kind: "webhook", url: defaults.url, is_default: true });
      const chosen = await integration(user, { kind: "webhook", url: listed.url });
      const toDefaults = await seedMonitor(user);
      const toListed = await seedMonitor(user, { integrationIds: [chosen.id] });
      await ping(toDefaults.ping_token, "/fail");
      await ping(toListed.ping_token, "/fail");
      await sweep(null);
      await eventually(() => defaults.received.length >= 1 && listed.received.length >= 1);
      await quietPeriod();
      expect(eventsOf(defaults.received).map((e) => e.monitor.id)).toEqual([toDefaults.id]);
      expect(eventsOf(listed.received).map((e) => e.monitor.id)).toEqual([toListed.id]);
    } finally {
      await Promise.all([defaults.close(), listed.close()]);
    }
  });

  it("sends run.drifted only for monitors with drift_alerts", async () => {
    const receiver = await startReceiver();
    try {
      const user = await registerUser("drift");
      await integration(user, { kind: "webhook", url: receiver.url, is_default: true });
      const alerting = await seedMonitor(user, { driftMinSeconds: 0 });
      const quiet = await seedMonitor(user, { driftMinSeconds: 0, driftAlerts: false });
      const insert = `INSERT INTO cron_runs (monitor_id, rid, status, started_at, finished_at, duration_ms, created_at)
         VALUES (?, ?, 'success', ?, ?, 10, ?)`;
      const past = new Date(Date.now() - 3600_000);
      for (const m of [alerting, quiet])
        for (let i = 0; i < 5; i++) await testDb().run(insert, [m.id, uuid(), past, past, past]);
      for (const m of [alerting, quiet]) {
        const rid = uuid();
        await ping(m.ping_token, "/start", { rid });
        await new Promise((r) => setTimeout(r, 300));
        await ping(m.ping_token, "", { rid });
      }
      await sweep(null);
      await eventually(() => receiver.received.length >= 1);
      await quietPeriod();
      const events = eventsOf(receiver.received);
      expect(events.map((e) => [e.event, e.monitor.id])).toEqual([["run.drifted", alerting.id]]);
      expect(events[0]!.run).toMatchObject({ status: "success", drifted: true, baseline_ms: 10 });
    } finally {
      await receiver.close();
    }
  });
});

describe("Slack and email notifications", () => {
  it("posts an incoming-webhook message to Slack", async () => {
    const receiver = await startReceiver();
    try {
      const user = await registerUser("slack");
      await integration(user, { kind: "slack", url: receiver.url, is_default: true });
      const m = await seedMonitor(user);
      await ping(m.ping_token, "/fail");
      await sweep(null);
      await eventually(() => receiver.received.length >= 1);
      const message = JSON.parse(receiver.received[0]!.body);
      expect(Object.keys(message)).toEqual(["text"]);
      expect(message.text).toContain(`${(await monitorRow(m.id)).name}`);
      expect(message.text).toContain(`<${baseUrl()}/monitors/${m.id}|Open in Lifeline>`);
      expect(receiver.received[0]!.headers["x-signature"]).toBeUndefined();
    } finally {
      await receiver.close();
    }
  });

  it("emails the incident through SMTP_URL to a real SMTP server", async () => {
    const user = await registerUser("email");
    const address = `oncall-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await integration(user, { kind: "email", email: address, is_default: true });
    await confirmByMail(smtp.mails, address);
    const m = await seedMonitor(user);
    await ping(m.ping_token, "/fail", { body: "backup failed: no space left" });
    await sweep(null);
    const mail = await eventually(() =>
      smtp.mails.find((x) => x.to.includes(address) && mailText(x).includes("is DOWN")),
    );
    const text = mailText(mail);
    expect(text).toContain(
      `Subject: [Lifeline] "${(await monitorRow(m.id)).name}" is DOWN: the job reported a failure`,
    );
    expect(text).toContain(`${baseUrl()}/monitors/${m.id}`);
    expect(text).toContain("backup failed: no space left");
    await quietPeriod();
    expect(smtp.mails.filter((x) => x.to.includes(address))).toHaveLength(2); // the confirmation and the incident
  });
});

describe("two sweepers at once", () => {
  it("open exactly one incident per monitor and deliver exactly one notification per event", async () => {
    const receiver = await startReceiver();
    try {
      const user = await registerUser("two-sweepers");
      await integration(user, { kind: "webhook", url: receiver.url, is_default: true });
      const monitors = await Promise.all(
        Array.from({ length: 30 }, () =>
          seedMonitor(user, { state: "up", nextExpectedAt: new Date("2027-10-01T10:00:00Z") }),
        ),
      );
      const [a, b] = await sweepersAtOnce(2, "2027-10-01T10:30:00Z");
      expect([a!.code, b!.code]).toEqual([0, 0]);
      for (const m of monitors) {
        expect(await rows("SELECT kind, status FROM incidents WHERE cron_monitor_id = ?", m.id)).toEqual([
          { kind: "missed", status: "open" },
        ]);
      }
      await eventually(() => receiver.received.length >= monitors.length);
      await quietPeriod();
      const events = eventsOf(receiver.received);
      expect(events).toHaveLength(monitors.length);
      expect(new Set(events.map((e) => e.event_id)).size).toBe(monitors.length);
      expect(events.map((e) => e.monitor.id).sort((x, y) => x - y)).toEqual(
        monitors.map((m) => m.id).sort((x, y) => x - y),
      );
      const ids = monitors.map((m) => m.id).join(",");
      expect(
        await rows(
          `SELECT COUNT(*) AS n FROM deliveries d JOIN outbox o ON o.id = d.outbox_id WHERE o.cron_monitor_id IN (${ids}) AND d.status = 'success'`,
        ),
      ).toEqual([{ n: monitors.length }]);
    } finally {
      await receiver.close();
    }
  });
});

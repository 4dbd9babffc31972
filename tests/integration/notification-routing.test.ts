import { describe, expect, it } from "vitest";
import { call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { testDb } from "../support/db";
import { ping, uuid } from "../support/monitors";
import { eventually, seedMonitor, sweep } from "../support/sweeper";
import { startKindReceiver } from "../support/kind-receiver";

// Routing: each integration receives only the events in its `events` list (default: all but
// incident.reminder). One receiver per integration, all notified about the same monitor.

const quietPeriod = () => new Promise((r) => setTimeout(r, 2500));

async function hook(user: TestUser, url: string, events?: string[]) {
  const res = await call("POST", "/integrations", {
    token: user.access,
    body: { name: "r", kind: "webhook", url, ...(events ? { events } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; events: string[] };
}

describe("routing by events", () => {
  it("sends incident.opened and incident.resolved only to integrations that chose them; the default takes both", async () => {
    const receivers = await Promise.all([
      startKindReceiver(),
      startKindReceiver(),
      startKindReceiver(),
      startKindReceiver(),
    ]);
    try {
      const user = await registerUser("routing");
      const opened = await hook(user, receivers[0]!.base, ["incident.opened"]);
      const resolved = await hook(user, receivers[1]!.base, ["incident.resolved"]);
      const all = await hook(user, receivers[2]!.base);
      const drift = await hook(user, receivers[3]!.base, ["run.drifted"]);
      expect(all.events).toEqual(["incident.opened", "incident.resolved", "incident.acknowledged", "run.drifted"]);
      const m = await seedMonitor(user, { integrationIds: [opened.id, resolved.id, all.id, drift.id] });
      await ping(m.ping_token, "/fail");
      await sweep(null);
      await eventually(() => receivers[0]!.received.length >= 1 && receivers[2]!.received.length >= 1);
      await ping(m.ping_token);
      await sweep(null);
      await eventually(() => receivers[1]!.received.length >= 1 && receivers[2]!.received.length >= 2);
      await quietPeriod();
      const events = receivers.map((r) => r.received.map((x) => JSON.parse(x.body).event));
      expect(events).toEqual([
        ["incident.opened"],
        ["incident.resolved"],
        ["incident.opened", "incident.resolved"],
        [],
      ]);
    } finally {
      await Promise.all(receivers.map((r) => r.close()));
    }
  });

  it("sends run.drifted only to integrations that chose it", async () => {
    const receivers = await Promise.all([startKindReceiver(), startKindReceiver()]);
    try {
      const user = await registerUser("routing-drift");
      const drift = await hook(user, receivers[0]!.base, ["run.drifted"]);
      const incidents = await hook(user, receivers[1]!.base, ["incident.opened", "incident.resolved"]);
      const m = await seedMonitor(user, { driftMinSeconds: 0, integrationIds: [drift.id, incidents.id] });
      const past = new Date(Date.now() - 3600_000);
      for (let i = 0; i < 5; i++) {
        await testDb().run(
          `INSERT INTO cron_runs (monitor_id, rid, status, started_at, finished_at, duration_ms, created_at) VALUES (?, ?, 'success', ?, ?, 10, ?)`,
          [m.id, uuid(), past, past, past],
        );
      }
      const rid = uuid();
      await ping(m.ping_token, "/start", { rid });
      await new Promise((r) => setTimeout(r, 300));
      await ping(m.ping_token, "", { rid });
      await sweep(null);
      await eventually(() => receivers[0]!.received.length >= 1);
      await quietPeriod();
      expect(receivers[0]!.received.map((x) => JSON.parse(x.body).event)).toEqual(["run.drifted"]);
      expect(receivers[1]!.received).toEqual([]);
    } finally {
      await Promise.all(receivers.map((r) => r.close()));
    }
  });

  it("changes events with PATCH (each once, in a fixed order), refuses an unknown event, and still sends tests", async () => {
    const receiver = await startKindReceiver();
    try {
      const user = await registerUser("routing-patch");
      const h = await hook(user, receiver.base, ["run.drifted"]);
      const patched = await call("PATCH", `/integrations/${h.id}`, {
        token: user.access,
        body: { events: ["incident.reminder", "incident.opened", "incident.opened"] },
      });
      expect(patched.body.data.events).toEqual(["incident.opened", "incident.reminder"]);
      const bad = await call("PATCH", `/integrations/${h.id}`, {
        token: user.access,
        body: { events: ["incident.exploded"] },
      });
      expectStandardError(bad, 400, "VALIDATION_ERROR");
      expect(Object.keys(bad.body.error.details)[0]).toMatch(/^events/);
      expect((await call("GET", `/integrations/${h.id}`, { token: user.access })).body.data.events).toEqual([
        "incident.opened",
        "incident.reminder",
      ]);
      expect((await call("POST", `/integrations/${h.id}/test`, { token: user.access })).body.data.status).toBe(
        "success",
      );
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

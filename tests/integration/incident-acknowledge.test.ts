import { describe, expect, it } from "vitest";
import { call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { ping } from "../support/monitors";
import { eventually, rows, seedMonitor, sweep } from "../support/sweeper";
import { startKindReceiver } from "../support/kind-receiver";

// POST /incidents/{id}/acknowledge: who and when on the incident, one incident.acknowledged
// notification, PagerDuty's acknowledge on the incident's dedup_key.

const quietPeriod = () => new Promise((r) => setTimeout(r, 2500));
const PD_KEY = "R0123456789abcdef0123456789ABCDE";

async function openIncident(user: TestUser, integrationIds: number[]) {
  const m = await seedMonitor(user, { integrationIds });
  expect((await ping(m.ping_token, "/fail")).status).toBe(200);
  const list = await call("GET", `/incidents?cron_monitor=${m.id}`, { token: user.access });
  return { monitor: m, incident: list.body.data[0] as { id: number } };
}

describe("acknowledging an incident", () => {
  it("records who and when once, sends PagerDuty acknowledge with the trigger's dedup_key, and refuses it once resolved", async () => {
    const pd = await startKindReceiver(() => ({ status: 202, body: '{"status":"success"}' }));
    try {
      const user = await registerUser("ack");
      const created = await call("POST", "/integrations", {
        token: user.access,
        body: { name: "pd", kind: "pagerduty", config: { routing_key: PD_KEY, api_url: pd.base } },
      });
      const { monitor, incident } = await openIncident(user, [created.body.data.id]);
      await sweep(null);
      await eventually(() => pd.received.length >= 1);

      const ack = await call("POST", `/incidents/${incident.id}/acknowledge`, { token: user.access });
      expect(ack.status).toBe(200);
      expect(ack.body.data).toMatchObject({ id: incident.id, status: "open", acknowledged_by: user.email });
      expect(ack.body.data.acknowledged_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const again = await call("POST", `/incidents/${incident.id}/acknowledge`, { token: user.access });
      expect(again.body.data).toEqual(ack.body.data);
      expect((await call("GET", `/incidents/${incident.id}`, { token: user.access })).body.data).toEqual(ack.body.data);
      expect(await rows("SELECT event FROM outbox WHERE incident_id = ? ORDER BY id", incident.id)).toEqual([
        { event: "incident.opened" },
        { event: "incident.acknowledged" },
      ]);

      await sweep(null);
      await eventually(() => pd.received.length >= 2);
      const trigger = JSON.parse(pd.received[0]!.body);
      expect(JSON.parse(pd.received[1]!.body)).toEqual({
        routing_key: PD_KEY,
        event_action: "acknowledge",
        dedup_key: trigger.dedup_key,
      });

      await ping(monitor.ping_token);
      expectStandardError(
        await call("POST", `/incidents/${incident.id}/acknowledge`, { token: user.access }),
        409,
        "CONFLICT",
      );
      await sweep(null);
      await eventually(() => pd.received.length >= 3);
      expect(JSON.parse(pd.received[2]!.body)).toMatchObject({ event_action: "resolve", dedup_key: trigger.dedup_key });
    } finally {
      await pd.close();
    }
  });

  it("answers 409 for a resolved incident that nobody acknowledged (which stays unacknowledged), and 404 to another organization", async () => {
    const user = await registerUser("ack-409");
    const other = await registerUser("ack-other");
    const { monitor, incident } = await openIncident(user, []);
    expectStandardError(
      await call("POST", `/incidents/${incident.id}/acknowledge`, { token: other.access }),
      404,
      "NOT_FOUND",
    );
    await ping(monitor.ping_token);
    expectStandardError(
      await call("POST", `/incidents/${incident.id}/acknowledge`, { token: user.access }),
      409,
      "CONFLICT",
    );
    expect((await call("GET", `/incidents/${incident.id}`, { token: user.access })).body.data).toMatchObject({
      acknowledged_at: null,
      acknowledged_by: null,
    });
  });

  it("notifies incident.acknowledged only to integrations whose events include it", async () => {
    const receivers = await Promise.all([startKindReceiver(), startKindReceiver()]);
    try {
      const user = await registerUser("ack-routing");
      const mk = async (url: string, events?: string[]) =>
        (
          await call("POST", "/integrations", {
            token: user.access,
            body: { name: "h", kind: "webhook", url, ...(events ? { events } : {}) },
          })
        ).body.data.id as number;
      const withAck = await mk(receivers[0]!.base);
      const withoutAck = await mk(receivers[1]!.base, ["incident.opened", "incident.resolved"]);
      const { incident } = await openIncident(user, [withAck, withoutAck]);
      await sweep(null);
      await eventually(() => receivers[0]!.received.length >= 1 && receivers[1]!.received.length >= 1);
      expect((await call("POST", `/incidents/${incident.id}/acknowledge`, { token: user.access })).status).toBe(200);
      await sweep(null);
      await eventually(() => receivers[0]!.received.length >= 2);
      await quietPeriod();
      const events = receivers.map((r) => r.received.map((x) => JSON.parse(x.body)));
      expect(events[0]!.map((e) => e.event)).toEqual(["incident.opened", "incident.acknowledged"]);
      expect(events[0]![1].incident).toMatchObject({ id: incident.id, acknowledged_by: user.email });
      expect(events[1]!.map((e) => e.event)).toEqual(["incident.opened"]);
    } finally {
      await Promise.all(receivers.map((r) => r.close()));
    }
  });
});

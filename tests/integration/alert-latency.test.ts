import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { baseUrl, call, registerUser, type TestUser } from "../support/http";
import { privateProbe, startProbe, startTarget } from "../support/probes";
import { setPlan } from "../support/projects";
import { eventually, seedMonitor, startReceiver, startSweep, type Received } from "../support/sweeper";

// The live loop: looping sweepers started here (the suite's server sweeps hourly on purpose) wake at
// the next deadline, and each notification leaves as soon as its outbox row commits. Deadlines are
// staged a few seconds ahead on the real clock; every latency is measured from the deadline (or the
// confirming failure) to the receiver having the whole request.
const LOOP_ENV = { SWEEP_WAKE_MAX_SECONDS: "2" };
const sweepers: ReturnType<typeof startSweep>[] = [];
const cleanup: (() => unknown)[] = [];

function startLoop() {
  const s = startSweep(null, LOOP_ENV, ["--loop", "--interval", "3600"]);
  sweepers.push(s);
  return s.started;
}

beforeAll(async () => {
  await startLoop();
});
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
  for (const s of sweepers) s.child.kill("SIGKILL");
  await Promise.all(sweepers.map((s) => s.done));
});

async function webhook(user: TestUser, url: string) {
  const res = await call("POST", "/integrations", { token: user.access, body: { name: "hook", kind: "webhook", url } });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

/** A monitor that turns late at `inMs` from now and down `graceSeconds` later (its deadline). */
async function missing(user: TestUser, integration: number, inMs: number, graceSeconds = 1) {
  const expected = new Date(Date.now() + inMs);
  const m = await seedMonitor(user, {
    state: "up",
    periodSeconds: 3600,
    graceSeconds,
    nextExpectedAt: expected,
    integrationIds: [integration],
  });
  return { ...m, deadline: expected.getTime() + graceSeconds * 1000 };
}

const openedFor = (received: Received[], monitorId: number) =>
  received.filter((r) => {
    const body = JSON.parse(r.body);
    return body.event === "incident.opened" && body.monitor?.id === monitorId;
  });

describe("a looping sweeper", () => {
  it("delivers a missed monitor's incident.opened within 5 s of its deadline", async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const user = await registerUser("latency");
    const hook = await webhook(user, receiver.url);
    const monitors = [await missing(user, hook, 1500), await missing(user, hook, 3000, 2)];
    for (const m of monitors) {
      const got = await eventually(() => openedFor(receiver.received, m.id)[0], 15_000);
      expect(got.at - m.deadline).toBeGreaterThan(0);
      expect(got.at - m.deadline).toBeLessThan(5000);
    }
  }, 30_000);

  it("delivers one notification per event when two looping sweepers run", async () => {
    await startLoop();
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const user = await registerUser("two-loops");
    const hook = await webhook(user, receiver.url);
    const monitors = await Promise.all(Array.from({ length: 12 }, (_, i) => missing(user, hook, 1000 + i * 300)));
    const last = Math.max(...monitors.map((m) => m.deadline));
    await eventually(() => monitors.every((m) => openedFor(receiver.received, m.id).length > 0), 20_000);
    await new Promise((r) => setTimeout(r, Math.max(0, last + 3000 - Date.now()))); // both loops had their chance
    for (const m of monitors) {
      expect(openedFor(receiver.received, m.id)).toHaveLength(1);
      expect(openedFor(receiver.received, m.id)[0]!.at - m.deadline).toBeLessThan(5000);
      const incidents = await testDb().query("SELECT id FROM incidents WHERE cron_monitor_id = ?", [m.id]);
      expect(incidents).toHaveLength(1);
    }
    expect(receiver.received).toHaveLength(monitors.length);
  }, 60_000);

  it("delivers to a working receiver on time while another integration's receiver hangs for 30 s", async () => {
    let hung = 0;
    const hanging = http.createServer((req, res) => {
      hung++;
      req.resume();
      setTimeout(() => res.end("late"), 30_000).unref();
    });
    await new Promise<void>((r) => hanging.listen(0, "127.0.0.1", r));
    cleanup.push(() => new Promise<void>((r) => (hanging.closeAllConnections(), hanging.close(() => r()))));
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const user = await registerUser("hang");
    const slowHook = await webhook(user, `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook`);
    const goodHook = await webhook(user, receiver.url);
    // The hanging receiver's event comes first; events for the working one follow while it hangs.
    const slow = await missing(user, slowHook, 1000);
    const later = [await missing(user, goodHook, 3000), await missing(user, goodHook, 5000)];
    for (const m of later) {
      const got = await eventually(() => openedFor(receiver.received, m.id)[0], 15_000);
      expect(got.at - m.deadline).toBeLessThan(5000);
    }
    // Meanwhile the hanging receiver's event is still under way (three attempts of 10 s each).
    expect(hung).toBeGreaterThanOrEqual(1);
    const slowEvent = await testDb().one<{ processed_at: string | null }>(
      "SELECT processed_at FROM outbox WHERE cron_monitor_id = ?",
      [slow.id],
    );
    expect(slowEvent).toEqual({ processed_at: null });
  }, 40_000);
});

describe("a service checked by a probe", () => {
  it("delivers its incident.opened within 5 s of the confirming failure", async () => {
    const owner = await registerUser("svc-latency");
    await setPlan(owner, "enterprise"); // 10 s intervals and private probes
    const probe = await privateProbe(owner);
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const hook = await call("POST", "/integrations", {
      token: owner.access,
      body: { name: "hook", kind: "webhook", url: receiver.url, is_default: true },
    });
    expect(hook.status).toBe(201);
    const target = await startTarget();
    cleanup.push(() => target.close());
    const agent = startProbe(baseUrl(), probe.token);
    cleanup.push(() => agent.stop());
    const created = await call("POST", "/services", {
      token: owner.access,
      body: { name: "api", type: "http", config: { url: target.url }, interval: 10, probe_ids: [probe.id] },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const statusOf = async () =>
      (await call("GET", `/services/${id}/status`, { token: owner.access })).body.data.status as string;
    await eventually(async () => (await statusOf()) === "operational", 40_000);
    target.set("error");
    const opened = await eventually(
      () =>
        receiver.received.find(
          (r) => JSON.parse(r.body).event === "incident.opened" && JSON.parse(r.body).service?.id === id,
        ),
      60_000,
    );
    // The incident opens with the result that confirmed the failure.
    const incident = await testDb().one<{ opened_at: string }>("SELECT opened_at FROM incidents WHERE service_id = ?", [
      id,
    ]);
    const confirmedAt = Date.parse(incident!.opened_at);
    expect(opened.at - confirmedAt).toBeGreaterThanOrEqual(0);
    expect(opened.at - confirmedAt).toBeLessThan(5000);
  }, 120_000);
});

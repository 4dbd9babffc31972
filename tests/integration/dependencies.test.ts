import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { checkStores, recordCheck } from "../support/check-stores";
import { rows } from "../support/db";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { startKindReceiver } from "../support/kind-receiver";
import { createMonitor, ping } from "../support/monitors";
import { privateProbe, startTarget } from "../support/probes";
import { setPlan } from "../support/projects";
import { eventually, seedMonitor, startSweep, sweep } from "../support/sweeper";

// Dependencies (`depends_on`): while a parent has an open incident, a child's new incident opens
// linked to it and notifies nobody; the parent's resolution lists the children; a child still
// failing after the parent recovers is notified then (once, however many sweepers run), one that
// recovered meanwhile never. Real probe checks against loopback targets, real pings, real sweeper
// processes, and a webhook receiver counting what is actually delivered.
const stores = checkStores();
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup) await c();
  await stores.close();
});

const minutesFrom = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);
type Delivered = { event: string; incident: { id: number } | null; children?: { name: string; status: string }[] };

describe("one parent service and 20 child cron monitors", () => {
  let owner: TestUser;
  let failing: Awaited<ReturnType<typeof startTarget>>;
  let healthy: Awaited<ReturnType<typeof startTarget>>;
  beforeAll(async () => {
    owner = await registerUser("dependent");
    await setPlan(owner, "enterprise");
    failing = await startTarget("error");
    healthy = await startTarget("ok");
    cleanup.push(
      () => failing.close(),
      () => healthy.close(),
    );
  });

  it("notify only the parent while it is down, list the children in its resolution, then notify the 2 still missing exactly once", async () => {
    const receiver = await startKindReceiver();
    cleanup.push(() => receiver.close());
    const hook = await call("POST", "/integrations", {
      token: owner.access,
      body: { name: "on-call", kind: "webhook", url: receiver.base, is_default: true },
    });
    expect(hook.status, hook.text).toBe(201);
    const delivered = () => receiver.received.map((r) => JSON.parse(r.body) as Delivered);

    const probe = await privateProbe(owner, "parent-lane");
    const config = { url: failing.url, expected_status_code: 200, timeout: 5 };
    const created = await call("POST", "/services", {
      token: owner.access,
      body: { name: "db host", type: "http", config, interval: 60, probe_ids: [probe.id] },
    });
    expect(created.status).toBe(201);
    const parent = created.body.data.id as number;

    const now = new Date();
    const children = [];
    for (let i = 0; i < 20; i++) {
      const child = await seedMonitor(owner, { state: "up", nextExpectedAt: minutesFrom(now, -30), graceSeconds: 60 });
      const set = await call("PATCH", `/cron-monitors/${child.id}`, {
        token: owner.access,
        body: { depends_on: { service_ids: [parent] } },
      });
      expect(set.status, set.text).toBe(200);
      expect(set.body.data.depends_on).toEqual({ cron_monitor_ids: [], service_ids: [parent] });
      children.push(child);
    }

    // The parent's target fails: two failing checks take the service down (one incident, notified).
    const store = stores.open();
    const check = (url: string) => recordCheck(store, { probeId: probe.id, serviceId: parent }, { ...config, url });
    await check(failing.url);
    await check(failing.url);
    const [parentIncident] = await rows<{ id: number }>(
      "SELECT id FROM incidents WHERE service_id = ? AND status = 'open'",
      parent,
    );
    expect(parentIncident).toBeDefined();

    // The children miss their pings: 20 incidents, each linked to the parent's, none notified.
    expect((await sweep(now)).code).toBe(0);
    const childIncidents = await rows<{ cron_monitor_id: number; parent_incident_id: number; held: unknown }>(
      `SELECT cron_monitor_id, parent_incident_id, held FROM incidents WHERE cron_monitor_id IN (${children.map((c) => c.id).join(",")}) AND status = 'open'`,
    );
    expect(childIncidents).toHaveLength(20);
    expect(childIncidents.every((i) => Number(i.parent_incident_id) === parentIncident!.id && !!i.held)).toBe(true);
    await eventually(() => delivered().length >= 1);
    await new Promise((r) => setTimeout(r, 1500)); // anything else would have been delivered by now
    expect(delivered().map((d) => d.event)).toEqual(["incident.opened"]);
    expect(delivered()[0]!.incident!.id).toBe(parentIncident!.id);

    // 18 children recover while the parent is down: resolved without a word.
    for (const child of children.slice(2)) expect((await ping(child.ping_token)).status).toBe(200);

    // The parent recovers: its resolution lists the 20 children, 2 of them still failing.
    await check(healthy.url);
    await eventually(() => delivered().length >= 2);
    const resolved = delivered()[1]!;
    expect(resolved.event).toBe("incident.resolved");
    expect(resolved.children).toHaveLength(20);
    expect(resolved.children!.filter((c) => c.status === "open")).toHaveLength(2);

    // Two sweepers at once notify the 2 children still missing, exactly once each.
    const later = minutesFrom(new Date(), 0);
    const [a, b] = [startSweep(later), startSweep(later)];
    expect((await Promise.all([a.done, b.done])).map((r) => r.code)).toEqual([0, 0]);
    await sweep(minutesFrom(later, 1));
    await eventually(() => delivered().length >= 4);
    await new Promise((r) => setTimeout(r, 1500));
    const childNotices = delivered().slice(2);
    expect(childNotices.map((d) => d.event)).toEqual(["incident.opened", "incident.opened"]);
    const stillMissing = await rows<{ id: number }>(
      `SELECT id FROM incidents WHERE cron_monitor_id IN (${children
        .slice(0, 2)
        .map((c) => c.id)
        .join(",")}) AND status = 'open' ORDER BY id`,
    );
    expect(childNotices.map((d) => d.incident!.id).sort((x, y) => x - y)).toEqual(stillMissing.map((r) => r.id));
    expect(delivered()).toHaveLength(4); // the parent's opening and resolution, and the 2 children

    // The incident page's tree: the parent's incident with its 20 children.
    const tree = await call("GET", `/incidents/${parentIncident!.id}/tree`, { token: owner.access });
    expect(tree.status).toBe(200);
    expect(tree.body.data.parent).toBeNull();
    expect(tree.body.data.descendants).toHaveLength(20);
    expect(tree.body.data.descendants[0]).toMatchObject({
      parent_incident_id: parentIncident!.id,
      subject: { type: "cron_monitor" },
    });
    const childTree = await call("GET", `/incidents/${stillMissing[0]!.id}/tree`, { token: owner.access });
    expect(childTree.body.data.parent).toMatchObject({
      id: parentIncident!.id,
      subject: { type: "service", id: parent, name: "db host" },
    });
  }, 120_000);
});

describe("a parent's hold on the ping and probe paths", () => {
  let owner: TestUser;
  let failing: Awaited<ReturnType<typeof startTarget>>;
  beforeAll(async () => {
    owner = await registerUser("dependent-paths");
    await setPlan(owner, "enterprise");
    failing = await startTarget("error");
    cleanup.push(() => failing.close());
  });
  const outbox = (column: "cron_monitor_id" | "service_id", id: number) =>
    rows<{ event: string }>(`SELECT event FROM outbox WHERE ${column} = ? ORDER BY id`, id);
  const linked = (column: "cron_monitor_id" | "service_id", id: number) =>
    rows<{ status: string; parent_incident_id: number | null }>(
      `SELECT status, parent_incident_id FROM incidents WHERE ${column} = ? ORDER BY id`,
      id,
    );

  it("holds a child's failure ping under its parent's open incident, and the sweep after the parent's recovery notifies it once", async () => {
    const parent = await createMonitor(owner);
    const child = await createMonitor(owner, { depends_on: { cron_monitor_ids: [parent.id] } });
    await ping(parent.ping_token, "/fail");
    const [parentIncident] = await rows<{ id: number }>(
      "SELECT id FROM incidents WHERE cron_monitor_id = ?",
      parent.id,
    );
    await ping(child.ping_token, "/fail");
    expect(await linked("cron_monitor_id", child.id)).toEqual([
      { status: "open", parent_incident_id: parentIncident!.id },
    ]);
    expect(await outbox("cron_monitor_id", child.id)).toEqual([]);
    await sweep(new Date()); // the parent is still down: still held
    expect(await outbox("cron_monitor_id", child.id)).toEqual([]);

    await ping(parent.ping_token); // the parent recovers; the child still fails
    await sweep(new Date());
    await sweep(new Date());
    expect(await outbox("cron_monitor_id", child.id)).toEqual([{ event: "incident.opened" }]);
    expect(await outbox("cron_monitor_id", parent.id)).toEqual([
      { event: "incident.opened" },
      { event: "incident.resolved" },
    ]);
  });

  it("holds a child service's probe-check incident while the cron monitor it depends on is down", async () => {
    const parent = await createMonitor(owner);
    await ping(parent.ping_token, "/fail");
    const [parentIncident] = await rows<{ id: number }>(
      "SELECT id FROM incidents WHERE cron_monitor_id = ?",
      parent.id,
    );
    const probe = await privateProbe(owner, "child-lane");
    const config = { url: failing.url, expected_status_code: 200, timeout: 5 };
    const created = await call("POST", "/services", {
      token: owner.access,
      body: {
        name: "app",
        type: "http",
        config,
        interval: 60,
        probe_ids: [probe.id],
        depends_on: { cron_monitor_ids: [parent.id] },
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    const store = stores.open();
    for (let i = 0; i < 2; i++) await recordCheck(store, { probeId: probe.id, serviceId: id }, config);
    expect(await linked("service_id", id)).toEqual([{ status: "open", parent_incident_id: parentIncident!.id }]);
    expect(await outbox("service_id", id)).toEqual([]);
    await ping(parent.ping_token);
    await sweep(new Date());
    expect(await outbox("service_id", id)).toEqual([{ event: "incident.opened" }]);
  });

  it("keeps a child held after its snooze ends while its parent is still down", async () => {
    const parent = await createMonitor(owner);
    const child = await createMonitor(owner, { depends_on: { cron_monitor_ids: [parent.id] } });
    await ping(parent.ping_token, "/fail");
    expect(
      (await call("POST", `/cron-monitors/${child.id}/snooze`, { token: owner.access, body: { minutes: 60 } })).status,
    ).toBe(200);
    await ping(child.ping_token, "/fail");
    expect((await call("DELETE", `/cron-monitors/${child.id}/snooze`, { token: owner.access })).status).toBe(200);
    expect(await outbox("cron_monitor_id", child.id)).toEqual([]);
    await ping(parent.ping_token);
    await sweep(new Date());
    expect(await outbox("cron_monitor_id", child.id)).toEqual([{ event: "incident.opened" }]);
  });
});

describe("depends_on rules", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await registerUser("graph");
    await setPlan(owner, "enterprise");
  });

  it("refuses a cycle with 400 naming it, and keeps the stored parents", async () => {
    const a = await createMonitor(owner);
    const b = await createMonitor(owner, { depends_on: { cron_monitor_ids: [a.id] } });
    expect(b.depends_on).toEqual({ cron_monitor_ids: [a.id], service_ids: [] });
    const res = await call("PATCH", `/cron-monitors/${a.id}`, {
      token: owner.access,
      body: { depends_on: { cron_monitor_ids: [b.id] } },
    });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(res.body.error.message).toBe(
      `depends_on would make a cycle: cron monitor ${a.id} -> cron monitor ${b.id} -> cron monitor ${a.id}`,
    );
    expect(res.body.error.details.depends_on).toEqual([res.body.error.message]);
    const self = await call("PATCH", `/cron-monitors/${a.id}`, {
      token: owner.access,
      body: { depends_on: { cron_monitor_ids: [a.id] } },
    });
    expectStandardError(self, 400, "VALIDATION_ERROR");
    expect((await call("GET", `/cron-monitors/${a.id}`, { token: owner.access })).body.data.depends_on).toEqual({
      cron_monitor_ids: [],
      service_ids: [],
    });
    expect((await call("GET", `/cron-monitors/${b.id}`, { token: owner.access })).body.data.depends_on).toEqual({
      cron_monitor_ids: [a.id],
      service_ids: [],
    });
  });

  it("refuses a cycle through a service on the dashboard's tRPC face too (400, never 500)", async () => {
    const monitor = await createMonitor(owner);
    const service = await call("POST", "/services", {
      token: owner.access,
      body: {
        name: "lb",
        type: "http",
        config: { url: "http://127.0.0.1:9/" },
        depends_on: { cron_monitor_ids: [monitor.id] },
      },
    });
    expect(service.status, service.text).toBe(201);
    expect(service.body.data.depends_on).toEqual({ cron_monitor_ids: [monitor.id], service_ids: [] });
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const res = await trpcMutation(
      baseUrl(),
      "cronMonitors.update",
      { id: monitor.id, depends_on: { service_ids: [service.body.data.id] } },
      { cookie },
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(
      `cycle: cron monitor ${monitor.id} -> service ${service.body.data.id} -> cron monitor ${monitor.id}`,
    );
  });

  it("refuses a chain of more than 5 levels, naming it", async () => {
    let previous = await createMonitor(owner);
    for (let level = 1; level <= 5; level++)
      previous = await createMonitor(owner, { depends_on: { cron_monitor_ids: [previous.id] } });
    const res = await call("POST", "/cron-monitors", {
      token: owner.access,
      body: {
        name: "too deep",
        schedule_kind: "period",
        period_seconds: 3600,
        depends_on: { cron_monitor_ids: [previous.id] },
      },
    });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(res.body.error.message).toMatch(/^depends_on would make a chain of more than 5 levels: /);
  });

  it("refuses a parent of another organization as unknown, and hides another organization's incident tree", async () => {
    const stranger = await registerUser("graph-stranger");
    const theirs = await createMonitor(stranger);
    const mine = await createMonitor(owner);
    const res = await call("PATCH", `/cron-monitors/${mine.id}`, {
      token: owner.access,
      body: { depends_on: { cron_monitor_ids: [theirs.id] } },
    });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(res.body.error.details["depends_on.cron_monitor_ids"]).toEqual([
      `No cron monitor ${theirs.id} in this organization`,
    ]);
    await ping(theirs.ping_token, "/fail");
    const [incident] = await rows<{ id: number }>("SELECT id FROM incidents WHERE cron_monitor_id = ?", theirs.id);
    const tree = await call("GET", `/incidents/${incident!.id}/tree`, { token: owner.access });
    expectStandardError(tree, 404, "NOT_FOUND");
  });

  it("shows depends_on in the list and forgets an edge when its parent is deleted", async () => {
    const parent = await createMonitor(owner);
    const child = await createMonitor(owner, { depends_on: { cron_monitor_ids: [parent.id] } });
    const list = await call("GET", "/cron-monitors?limit=100", { token: owner.access });
    const listed = (list.body.data as { id: number; depends_on: unknown }[]).find((m) => m.id === child.id);
    expect(listed?.depends_on).toEqual({ cron_monitor_ids: [parent.id], service_ids: [] });
    expect((await call("DELETE", `/cron-monitors/${parent.id}`, { token: owner.access })).status).toBe(204);
    expect((await call("GET", `/cron-monitors/${child.id}`, { token: owner.access })).body.data.depends_on).toEqual({
      cron_monitor_ids: [],
      service_ids: [],
    });
  });
});

import { describe, expect, inject, it } from "vitest";
import { call, registerUser, type TestUser } from "../support/http";
import { testDb } from "../support/db";
import { dashboardCookie, trpcQuery } from "../support/dashboard";
import { orgIdOf } from "../support/seed";

const base = () => inject("baseUrl");
const HOUR = 3600_000;

async function monitor(user: TestUser, name: string, state: string, since: Date, paused = false) {
  const res = await call("POST", "/cron-monitors", {
    token: user.access,
    body: { name, schedule_kind: "period", period_seconds: 3600, paused },
  });
  expect(res.status, res.text).toBe(201);
  if (state !== "new")
    await testDb().run("UPDATE cron_monitors SET state = ?, state_since = ? WHERE id = ?", [
      state,
      since,
      res.body.data.id,
    ]);
  return res.body.data.id as number;
}

async function service(user: TestUser, name: string, status: string, since: Date, enabled = true) {
  const res = await call("POST", "/services", {
    token: user.access,
    body: { name, type: "http", config: { url: "https://example.test" }, interval: 300, enabled },
  });
  expect(res.status, res.text).toBe(201);
  if (status !== "pending")
    await testDb().run("UPDATE services SET status = ?, status_since = ?, status_reason = ? WHERE id = ?", [
      status,
      since,
      status === "down" ? "HTTP 503" : null,
      res.body.data.id,
    ]);
  return res.body.data.id as number;
}

/** One of each state for a user, an open and a resolved incident, a window under way and one to come. */
async function furnish(user: TestUser, tag: string) {
  const now = Date.now();
  const ids = {
    fresh: await monitor(user, `${tag} new`, "new", new Date(now)),
    up: await monitor(user, `${tag} up`, "up", new Date(now - HOUR)),
    late: await monitor(user, `${tag} late`, "late", new Date(now - 2 * HOUR)),
    down: await monitor(user, `${tag} down`, "down", new Date(now - 3 * HOUR)),
    paused: await monitor(user, `${tag} paused`, "down", new Date(now - HOUR), true),
    pending: await service(user, `${tag} pending`, "pending", new Date(now)),
    operational: await service(user, `${tag} operational`, "operational", new Date(now - HOUR)),
    degraded: await service(user, `${tag} degraded`, "degraded", new Date(now - 30 * 60_000)),
    serviceDown: await service(user, `${tag} site down`, "down", new Date(now - 4 * HOUR)),
    servicePaused: await service(user, `${tag} service paused`, "down", new Date(now), false),
  };
  const orgId = await orgIdOf(user.orgSlug);
  await testDb().run(
    "INSERT INTO incidents (org_id, cron_monitor_id, kind, status, reason, opened_at) VALUES (?, ?, 'missed', 'open', 'no ping', ?)",
    [orgId, ids.down, new Date(now - 3 * HOUR)],
  );
  await testDb().run(
    "INSERT INTO incidents (org_id, service_id, kind, status, reason, opened_at, resolved_at) VALUES (?, ?, 'service_down', 'resolved', 'HTTP 500', ?, ?)",
    [orgId, ids.operational, new Date(now - 2 * HOUR), new Date(now - HOUR)],
  );
  await testDb().run(
    "INSERT INTO incidents (org_id, service_id, kind, status, reason, opened_at, acknowledged_at, acknowledged_by) VALUES (?, ?, 'service_down', 'open', 'HTTP 503', ?, ?, ?)",
    [orgId, ids.serviceDown, new Date(now - 4 * HOUR), new Date(now - 3.5 * HOUR), user.email],
  );
  for (const [title, from, to] of [
    [`${tag} under way`, now - HOUR, now + HOUR],
    [`${tag} to come`, now + 5 * HOUR, now + 6 * HOUR],
  ] as const) {
    const w = await call("POST", "/maintenance-windows", {
      token: user.access,
      body: {
        title,
        starts_at: new Date(from).toISOString(),
        ends_at: new Date(to).toISOString(),
        targets: { cron_monitor_ids: [ids.up] },
      },
    });
    expect(w.status, w.text).toBe(201);
  }
  return { ...ids, now };
}

const seconds = (t: number) => new Date(t).toISOString().slice(0, 19) + "Z";

describe("overview.get on /api/trpc", () => {
  it("counts every state of cron monitors and services, lists what fails, open incidents, maintenance and the last day, and shows no other organization's objects", async () => {
    const [alice, bob] = await Promise.all([registerUser("overview-a"), registerUser("overview-b")]);
    const mine = await furnish(alice, "alice");
    await furnish(bob, "bob");
    const cookie = await dashboardCookie(base(), alice.email, alice.password);

    const res = await trpcQuery(base(), "overview.get", {}, { cookie });
    expect(res.status, res.text).toBe(200);
    const o = res.body.result.data;
    expect(o.cron_monitors).toEqual({ new: 1, up: 1, late: 1, down: 1, paused: 1, total: 5 });
    expect(o.services).toEqual({ pending: 1, operational: 1, degraded: 1, down: 1, paused: 1, total: 5 });
    // Longest failing first, each with its state and since when.
    expect(o.failing.data.map((f: any) => [f.kind, f.id, f.state])).toEqual([
      ["service", mine.serviceDown, "down"],
      ["cron_monitor", mine.down, "down"],
      ["cron_monitor", mine.late, "late"],
      ["service", mine.degraded, "degraded"],
    ]);
    expect(o.failing.data[0]).toMatchObject({
      name: "alice site down",
      reason: "HTTP 503",
      since: seconds(mine.now - 4 * HOUR),
    });
    expect(o.failing.more).toBe(false);
    // The organization's monitors' incidents and the caller's services', newest first.
    expect(o.open_incidents.data).toEqual([
      {
        id: expect.any(Number),
        kind: "missed",
        reason: "no ping",
        opened_at: seconds(mine.now - 3 * HOUR),
        acknowledged_at: null,
        subject: { kind: "cron_monitor", id: mine.down, name: "alice down" },
      },
      {
        id: expect.any(Number),
        kind: "service_down",
        reason: "HTTP 503",
        opened_at: seconds(mine.now - 4 * HOUR),
        acknowledged_at: seconds(mine.now - 3.5 * HOUR),
        subject: { kind: "service", id: mine.serviceDown, name: "alice site down" },
      },
    ]);
    expect(o.maintenance.active.map((w: any) => w.title)).toEqual(["alice under way"]);
    expect(o.maintenance.next).toMatchObject({ title: "alice to come" });
    expect(o.changes.data.map((c: any) => [c.event, c.subject?.name])).toEqual([
      ["resolved", "alice operational"],
      ["opened", "alice operational"],
      ["opened", "alice down"],
      ["opened", "alice site down"],
    ]);
    expect(JSON.stringify(o)).not.toContain("bob");
  });

  it("answers a visitor without a session with 401 and unknown input with 400", async () => {
    expect((await trpcQuery(base(), "overview.get", {})).status).toBe(401);
    const user = await registerUser("overview-input");
    const cookie = await dashboardCookie(base(), user.email, user.password);
    expect((await trpcQuery(base(), "overview.get", { page: 1 }, { cookie })).status).toBe(400);
  });

  it("renders the first screen on the server at / for a signed-in person, and sends a visitor to sign in", async () => {
    const user = await registerUser("overview-page");
    await monitor(user, "rendered late", "late", new Date(Date.now() - HOUR));
    const cookie = await dashboardCookie(base(), user.email, user.password);
    const html = await (await fetch(`${base()}/`, { headers: { cookie } })).text();
    expect(html).toContain("Overview");
    expect(html).toContain("rendered late");
    const visitor = await fetch(`${base()}/`, { redirect: "manual" });
    expect(visitor.status).toBeGreaterThanOrEqual(300);
    expect(visitor.headers.get("location")).toContain("/login");
  });
});

import { describe, expect, it } from "vitest";
import { call, expectStandardError, registerUser, serviceToken } from "../support/http";
import { testDb } from "../support/db";
import { monitorRow, ping } from "../support/monitors";
import { orgIdOf, rows, seedMonitor, sweep } from "../support/sweeper";

describe("incidents (decisions 7)", () => {
  it("keeps one open incident per monitor: a missed schedule while a failure is open opens no second one", async () => {
    const user = await registerUser("one-open");
    const m = await seedMonitor(user, { periodSeconds: 3600 });
    await ping(m.ping_token, "/fail");
    await ping(m.ping_token, "/fail");
    const next = new Date((await monitorRow(m.id)).next_expected_at);
    await sweep(new Date(next.getTime() + 3 * 3600_000));
    expect(await rows("SELECT kind, status FROM incidents WHERE cron_monitor_id = ?", m.id)).toEqual([
      { kind: "failed", status: "open" },
    ]);
    expect(
      (await rows("SELECT status FROM cron_runs WHERE monitor_id = ? AND status = 'missed'", m.id)).length,
    ).toBeGreaterThanOrEqual(3);

    // Resolved by a success completion; a later miss then opens a new, separate incident.
    await ping(m.ping_token);
    const expected = new Date((await monitorRow(m.id)).next_expected_at);
    await sweep(new Date(expected.getTime() + 301_000));
    expect(await rows("SELECT kind, status FROM incidents WHERE cron_monitor_id = ? ORDER BY id", m.id)).toEqual([
      { kind: "failed", status: "resolved" },
      { kind: "missed", status: "open" },
    ]);
  });

  it("filters by cron_monitor and status, newest first, with standard pagination", async () => {
    const user = await registerUser("filters");
    const a = await seedMonitor(user);
    const b = await seedMonitor(user);
    await ping(a.ping_token, "/fail");
    await ping(a.ping_token); // resolves a's incident
    await ping(a.ping_token, "/fail"); // a second one, open
    await ping(b.ping_token, "/fail");

    const all = await call("GET", "/incidents", { token: user.access });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    expect(all.body.data.map((i: any) => i.cron_monitor)).toEqual([b.id, a.id, a.id]);
    for (const i of all.body.data) expect(i.service === null || i.cron_monitor === null).toBe(true);

    const openOfA = await call("GET", `/incidents?cron_monitor=${a.id}&status=open`, { token: user.access });
    expect(openOfA.body.data).toHaveLength(1);
    expect(openOfA.body.data[0]).toMatchObject({ cron_monitor: a.id, status: "open", resolved_at: null });
    const resolved = await call("GET", "/incidents?status=resolved", { token: user.access });
    expect(resolved.body.data.map((i: any) => i.cron_monitor)).toEqual([a.id]);

    const page2 = await call("GET", "/incidents?limit=2&page=2", { token: user.access });
    expect(page2.body.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(page2.body.data.map((i: any) => i.id)).toEqual([all.body.data[2].id]);

    expectStandardError(await call("GET", "/incidents?limit=101", { token: user.access }), 400, "VALIDATION_ERROR");
    expectStandardError(await call("GET", "/incidents?status=closed", { token: user.access }), 400, "VALIDATION_ERROR");
  });

  it("shows a service's incidents with service set and cron_monitor null, filtered by service", async () => {
    const user = await registerUser("service-incident");
    const created = await call("POST", "/services", {
      token: user.access,
      body: { name: "site", type: "http", config: { url: "https://example.test" }, interval: 300 },
    });
    expect(created.status).toBe(201);
    const serviceId = created.body.data.id;
    await testDb().run(
      `INSERT INTO incidents (org_id, service_id, kind, status, reason, opened_at) VALUES (?, ?, 'service_down', 'open', 'HTTP 503', ?)`,
      [await orgIdOf(user.orgSlug), serviceId, new Date()],
    );
    const res = await call("GET", `/incidents?service=${serviceId}`, { token: user.access });
    expect(res.body.data).toEqual([
      {
        id: expect.any(Number),
        service: serviceId,
        cron_monitor: null,
        kind: "service_down",
        status: "open",
        reason: "HTTP 503",
        opened_at: expect.stringMatching(/Z$/),
        resolved_at: null,
        acknowledged_at: null,
        acknowledged_by: null,
        parent_incident_id: null,
      },
    ]);
    const other = await registerUser("other");
    expectStandardError(
      await call("GET", `/incidents/${res.body.data[0].id}`, { token: other.access }),
      404,
      "NOT_FOUND",
    );
  });

  it("isolates organizations and needs cronmonitor.view", async () => {
    const alice = await registerUser("alice");
    const m = await seedMonitor(alice);
    await ping(m.ping_token, "/fail");
    const [incident] = (await call("GET", `/incidents?cron_monitor=${m.id}`, { token: alice.access })).body.data;
    expect((await call("GET", `/incidents/${incident.id}`, { token: alice.access })).body.data.id).toBe(incident.id);

    const charlie = await registerUser("charlie");
    expectStandardError(await call("GET", `/incidents/${incident.id}`, { token: charlie.access }), 404, "NOT_FOUND");
    expect((await call("GET", `/incidents?cron_monitor=${m.id}`, { token: charlie.access })).body.data).toEqual([]);

    const viewer = await serviceToken(alice, ["cronmonitor.view"]);
    expect((await call("GET", `/incidents/${incident.id}`, { token: viewer })).status).toBe(200);
    const creator = await serviceToken(alice, ["cronmonitor.create"]);
    expectStandardError(await call("GET", "/incidents", { token: creator }), 403, "FORBIDDEN");
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { baseUrl, call, expectStandardError, registerUser, serviceToken, type TestUser } from "../support/http";
import { createMonitor, createProject, monitorBody, testDb } from "../support/seed";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

let alice: TestUser;
beforeEach(async () => {
  alice = await registerUser("alice");
});

describe("creating a cron monitor", () => {
  it("answers 201 with every field of spec 2.2, its defaults, a 43-character token and its ping URL", async () => {
    const res = await call("POST", "/cron-monitors", {
      token: alice.access,
      body: { name: "  nightly backup  ", schedule_kind: "cron", cron_expression: "30 2 * * *" },
    });
    expect(res.status).toBe(201);
    const m = res.body.data;
    expect(Object.keys(m).sort()).toEqual(
      [
        "id",
        "name",
        "icon",
        "schedule_kind",
        "period_seconds",
        "cron_expression",
        "timezone",
        "grace_seconds",
        "max_runtime_seconds",
        "drift_pct",
        "drift_min_seconds",
        "drift_alerts",
        "paused",
        "suspended",
        "state",
        "display_state",
        "state_since",
        "last_ping_at",
        "last_run_status",
        "next_expected_at",
        "ping_token",
        "ping_url",
        "schedule_human",
        "project_id",
        "integration_ids",
        "source",
        "external_id",
        "managed",
        "snoozed_until",
        "maintenance",
        "depends_on",
        "failure_threshold",
        "failure_rate_pct",
        "failure_rate_window",
        "recovery_threshold",
        "success_keywords",
        "failure_keywords",
        "keywords_case_sensitive",
        "min_runtime_seconds",
        "max_runs_per_period",
        "expected_runs_per_period",
        "runs_period_seconds",
        "failures_counted",
        "recent_runs",
        "avg_duration_ms",
        "overlap_count",
        "created_at",
        "updated_at",
      ].sort(),
    );
    expect(m).toMatchObject({
      name: "nightly backup",
      icon: null,
      schedule_kind: "cron",
      period_seconds: null,
      cron_expression: "30 2 * * *",
      timezone: "UTC",
      grace_seconds: 300,
      max_runtime_seconds: null,
      drift_pct: 0.5,
      drift_min_seconds: 30,
      drift_alerts: true,
      paused: false,
      suspended: false,
      state: "new",
      display_state: "new",
      last_ping_at: null,
      last_run_status: null,
      next_expected_at: null,
      project_id: null,
      integration_ids: [],
      source: null,
      external_id: null,
      managed: false,
      recent_runs: [],
      avg_duration_ms: null,
      overlap_count: 0,
    });
    expect(m.ping_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(m.ping_url).toBe(`${baseUrl()}/ping/${m.ping_token}`);
    expect(m.schedule_human).toMatch(/02:30/);
    for (const key of ["state_since", "created_at", "updated_at"]) expect(m[key]).toMatch(TIMESTAMP);
    const row = await testDb().one(`SELECT ping_token, next_expected_at, state FROM cron_monitors WHERE id = ?`, [
      m.id,
    ]);
    expect(row).toEqual({ ping_token: m.ping_token, next_expected_at: null, state: "new" });
  });

  it("stores every writable field as sent", async () => {
    const integration = async () =>
      (
        await call("POST", "/integrations", {
          token: alice.access,
          body: { name: "hook", kind: "webhook", url: "https://hooks.example.test/x" },
        })
      ).body.data.id as number;
    const [first, second] = [await integration(), await integration()];
    const body = {
      name: "etl",
      icon: "database",
      schedule_kind: "period",
      period_seconds: 3600,
      timezone: "Europe/Paris",
      grace_seconds: 120,
      max_runtime_seconds: 900,
      drift_pct: 0.25,
      drift_min_seconds: 10,
      drift_alerts: false,
      paused: true,
      suspended: false,
      integration_ids: [second, first, second],
    };
    const res = await call("POST", "/cron-monitors", { token: alice.access, body });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      ...body,
      integration_ids: [second, first],
      state: "paused",
      display_state: "paused",
      schedule_human: "Every hour",
    });
  });

  it("ignores read-only fields in the body", async () => {
    const forged = "A".repeat(43);
    const res = await call("POST", "/cron-monitors", {
      token: alice.access,
      body: monitorBody({
        id: 999999,
        state: "up",
        ping_token: forged,
        managed: true,
        next_expected_at: "2030-01-01T00:00:00Z",
        recent_runs: [1],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.id).not.toBe(999999);
    expect(res.body.data).toMatchObject({ state: "new", managed: false, next_expected_at: null, recent_runs: [] });
    expect(res.body.data.ping_token).not.toBe(forged);
  });

  it("refuses other invalid fields with the standard body and details per field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, "name"],
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(129) }, "name"],
      [{ grace_seconds: 59 }, "grace_seconds"],
      [{ grace_seconds: "300" }, "grace_seconds"],
      [{ paused: "false" }, "paused"],
      [{ drift_alerts: 1 }, "drift_alerts"],
      [{ drift_pct: -0.1 }, "drift_pct"],
      [{ drift_min_seconds: 1.5 }, "drift_min_seconds"],
      [{ max_runtime_seconds: 0 }, "max_runtime_seconds"],
      [{ project_id: "1" }, "project_id"],
      [{ integration_ids: [0] }, "integration_ids.0"],
      [{ icon: "i".repeat(65) }, "icon"],
    ];
    for (const [override, field] of cases) {
      const res = await call("POST", "/cron-monitors", { token: alice.access, body: monitorBody(override) });
      expectStandardError(res, 400, "VALIDATION_ERROR");
      expect(Object.keys(res.body.error.details), JSON.stringify(override)).toEqual([field]);
    }
    expect(
      (await testDb().one<{ n: number }>(`SELECT count(*) AS n FROM cron_monitors WHERE name = ?`, ["x".repeat(129)]))!
        .n,
    ).toBe(0);
  });

  it("accepts only a project the caller may use", async () => {
    const bob = await registerUser("bob");
    const mine = await createProject(alice, "mine");
    const bobs = await createProject(bob, "bobs");

    expect((await createMonitor(alice, { project_id: mine })).project_id).toBe(mine);
    for (const project_id of [bobs, 987654]) {
      const res = await call("POST", "/cron-monitors", { token: alice.access, body: monitorBody({ project_id }) });
      expectStandardError(res, 400, "VALIDATION_ERROR");
      expect(Object.keys(res.body.error.details)).toEqual(["project_id"]);
    }
    const monitor = await createMonitor(alice);
    const patched = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: alice.access,
      body: { project_id: bobs },
    });
    expectStandardError(patched, 400, "VALIDATION_ERROR");
    expect(patched.body.error.details.project_id).toBeDefined();

    // A service token has no user: it may use the projects of its organization's members.
    const token = await serviceToken(alice, ["cronmonitor.create", "cronmonitor.view"]);
    expect((await createMonitor(token, { project_id: mine })).project_id).toBe(mine);
    const foreign = await call("POST", "/cron-monitors", { token, body: monitorBody({ project_id: bobs }) });
    expectStandardError(foreign, 400, "VALIDATION_ERROR");
  });
});

describe("reading and listing", () => {
  it("reads one monitor, and answers 404 for an unknown id", async () => {
    const monitor = await createMonitor(alice);
    const res = await call("GET", `/cron-monitors/${monitor.id}`, { token: alice.access });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(monitor);
    expectStandardError(await call("GET", "/cron-monitors/99999999", { token: alice.access }), 404, "NOT_FOUND");
  });

  it("pages with meta {total, page, limit} and no totalPages, oldest first", async () => {
    const owner = await registerUser("pager");
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createMonitor(owner)).id);
    const first = await call("GET", "/cron-monitors?limit=2", { token: owner.access });
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ total: 5, page: 1, limit: 2 });
    expect(first.body.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 2));
    const last = await call("GET", "/cron-monitors?limit=2&page=3", { token: owner.access });
    expect(last.body.meta).toEqual({ total: 5, page: 3, limit: 2 });
    expect(last.body.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(4));
    const defaults = await call("GET", "/cron-monitors", { token: owner.access });
    expect(defaults.body.meta).toEqual({ total: 5, page: 1, limit: 20 });
    expectStandardError(
      await call("GET", "/cron-monitors?limit=101", { token: owner.access }),
      400,
      "VALIDATION_ERROR",
    );
    expectStandardError(await call("GET", "/cron-monitors?page=0", { token: owner.access }), 400, "VALIDATION_ERROR");
  });

  it("filters by displayed state and by project, including the literal null", async () => {
    const owner = await registerUser("filter");
    const project = await createProject(owner, "ops");
    const [fresh, up, late, down, paused, suspended] = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createMonitor(owner, { name: `m${i}` })),
    ).then((list) => list.sort((a, b) => a.id - b.id));
    const setState = (state: string, id: number) =>
      testDb().run(`UPDATE cron_monitors SET state = ? WHERE id = ?`, [state, id]);
    await setState("up", up!.id);
    await setState("late", late!.id);
    await setState("down", down!.id);
    await setState("down", paused!.id);
    await call("PATCH", `/cron-monitors/${paused!.id}`, { token: owner.access, body: { paused: true } });
    await call("PATCH", `/cron-monitors/${suspended!.id}`, {
      token: owner.access,
      body: { suspended: true, project_id: project },
    });
    await call("PATCH", `/cron-monitors/${up!.id}`, { token: owner.access, body: { project_id: project } });

    const ids = async (query: string) => {
      const res = await call("GET", `/cron-monitors?${query}`, { token: owner.access });
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((m: { id: number }) => m.id);
    };
    expect(await ids("state=new")).toEqual([fresh!.id]);
    expect(await ids("state=up")).toEqual([up!.id]);
    expect(await ids("state=late")).toEqual([late!.id]);
    expect(await ids("state=down")).toEqual([down!.id]);
    expect(await ids("state=paused")).toEqual([paused!.id, suspended!.id]);
    expect(await ids(`project=${project}`)).toEqual([up!.id, suspended!.id]);
    expect(await ids("project=null")).toEqual([fresh!.id, late!.id, down!.id, paused!.id]);
    expect(await ids(`project=${project}&state=paused`)).toEqual([suspended!.id]);
    const pausedRow = (await call("GET", `/cron-monitors/${paused!.id}`, { token: owner.access })).body.data;
    expect(pausedRow).toMatchObject({ state: "paused", display_state: "paused", paused: true });
    expectStandardError(
      await call("GET", "/cron-monitors?state=sleeping", { token: owner.access }),
      400,
      "VALIDATION_ERROR",
    );
    expectStandardError(
      await call("GET", "/cron-monitors?project=abc", { token: owner.access }),
      400,
      "VALIDATION_ERROR",
    );
  });
});

describe("changing a monitor", () => {
  it("changes any subset of fields and leaves the rest", async () => {
    const monitor = await createMonitor(alice, { grace_seconds: 600, icon: "box" });
    const res = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: alice.access,
      body: { name: "renamed", max_runtime_seconds: 120, icon: null, source: "kubernetes", external_id: "x" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "renamed",
      max_runtime_seconds: 120,
      icon: null,
      grace_seconds: 600,
      cron_expression: monitor.cron_expression,
      ping_token: monitor.ping_token,
      source: null,
      external_id: null,
      managed: false,
    });
    const empty = await call("PATCH", `/cron-monitors/${monitor.id}`, { token: alice.access, body: {} });
    expect(empty.body.data.name).toBe("renamed");
    expectStandardError(
      await call("PATCH", `/cron-monitors/${monitor.id}`, { token: alice.access, body: { grace_seconds: 10 } }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("pauses and resumes through `paused`, keeping the underlying state", async () => {
    const monitor = await createMonitor(alice);
    await testDb().run(`UPDATE cron_monitors SET state = 'late' WHERE id = ?`, [monitor.id]);
    const paused = await call("PATCH", `/cron-monitors/${monitor.id}`, { token: alice.access, body: { paused: true } });
    expect(paused.body.data).toMatchObject({ paused: true, state: "paused", display_state: "paused" });
    expect(await testDb().one(`SELECT state, paused FROM cron_monitors WHERE id = ?`, [monitor.id])).toEqual({
      state: "late",
      paused: 1,
    });
    const resumed = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: alice.access,
      body: { paused: false },
    });
    expect(resumed.body.data).toMatchObject({ paused: false, state: "late", display_state: "late" });
  });

  it("re-arms an armed monitor from now when its schedule changes, and leaves an unarmed one unarmed", async () => {
    const armed = await createMonitor(alice, {
      schedule_kind: "period",
      period_seconds: 600,
      cron_expression: undefined,
    });
    const fresh = await createMonitor(alice, {
      schedule_kind: "period",
      period_seconds: 600,
      cron_expression: undefined,
    });
    const old = new Date("2030-01-01T00:00:00Z");
    await testDb().run(`UPDATE cron_monitors SET next_expected_at = ?, state = 'up' WHERE id = ?`, [old, armed.id]);

    const same = await call("PATCH", `/cron-monitors/${armed.id}`, {
      token: alice.access,
      body: { period_seconds: 600 },
    });
    expect(same.body.data.next_expected_at).toBe("2030-01-01T00:00:00Z");

    const before = Date.now();
    const changed = await call("PATCH", `/cron-monitors/${armed.id}`, {
      token: alice.access,
      body: { period_seconds: 7200 },
    });
    const after = Date.now();
    const next = Date.parse(changed.body.data.next_expected_at);
    expect(next).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 7_200_000);
    expect(next).toBeLessThanOrEqual(after + 7_200_000);

    const toCron = await call("PATCH", `/cron-monitors/${armed.id}`, {
      token: alice.access,
      body: { schedule_kind: "cron", cron_expression: "0 0 1 1 *" },
    });
    const year = new Date().getUTCFullYear() + 1;
    expect(toCron.body.data.next_expected_at).toBe(`${year}-01-01T00:00:00Z`);

    const unarmed = await call("PATCH", `/cron-monitors/${fresh.id}`, {
      token: alice.access,
      body: { period_seconds: 7200 },
    });
    expect(unarmed.body.data).toMatchObject({ next_expected_at: null, state: "new", period_seconds: 7200 });
  });

  it("deletes with 204, after which the monitor and its token are gone", async () => {
    const monitor = await createMonitor(alice);
    const res = await call("DELETE", `/cron-monitors/${monitor.id}`, { token: alice.access });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(
      await testDb().one(`SELECT count(*) AS n FROM cron_monitors WHERE ping_token = ?`, [monitor.ping_token]),
    ).toEqual({ n: 0 });
    expectStandardError(await call("GET", `/cron-monitors/${monitor.id}`, { token: alice.access }), 404, "NOT_FOUND");
    expectStandardError(
      await call("DELETE", `/cron-monitors/${monitor.id}`, { token: alice.access }),
      404,
      "NOT_FOUND",
    );
  });

  it("rotates the ping token: the old one is unknown at once, the new one is returned and stored", async () => {
    const monitor = await createMonitor(alice);
    const res = await call("POST", `/cron-monitors/${monitor.id}/token`, { token: alice.access });
    expect(res.status).toBe(200);
    const rotated = res.body.data;
    expect(rotated.id).toBe(monitor.id);
    expect(rotated.ping_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.ping_token).not.toBe(monitor.ping_token);
    expect(rotated.ping_url).toBe(`${baseUrl()}/ping/${rotated.ping_token}`);
    const db = testDb();
    expect(await db.one(`SELECT count(*) AS n FROM cron_monitors WHERE ping_token = ?`, [monitor.ping_token])).toEqual({
      n: 0,
    });
    expect(await db.one(`SELECT id FROM cron_monitors WHERE ping_token = ?`, [rotated.ping_token])).toEqual({
      id: monitor.id,
    });
    expect((await call("GET", `/cron-monitors/${monitor.id}`, { token: alice.access })).body.data.ping_token).toBe(
      rotated.ping_token,
    );
  });
});

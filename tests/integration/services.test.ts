import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { call, expectStandardError, registerUser, type Answer, type TestUser } from "../support/http";
import { newProject, newService, setPlan } from "../support/projects";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser("alice"), registerUser("bob")]);
});

const create = (user: TestUser, body: unknown) => call("POST", "/services", { token: user.access, body });

function expectDetails(res: Answer, fields: string[]) {
  expectStandardError(res, 400, "VALIDATION_ERROR");
  expect(Object.keys(res.body.error.details).sort()).toEqual([...fields].sort());
}

describe("service create", () => {
  it("answers 201 with status pending, the config defaults and both timestamp forms", async () => {
    const res = await create(alice, { name: "Homepage", type: "http", config: { url: "https://example.com/" } });
    expect(res.status).toBe(201);
    const s = res.body.data;
    expect(Object.keys(s).sort()).toEqual(
      [
        "config",
        "created_at",
        "date_created",
        "date_modified",
        "degraded_ms",
        "enabled",
        "failure_threshold",
        "recovery_threshold",
        "id",
        "interval",
        "name",
        "probe_ids",
        "project",
        "project_id",
        "snoozed_until",
        "maintenance",
        "depends_on",
        "status",
        "status_reason",
        "status_since",
        "type",
      ].sort(),
    );
    expect(s).toMatchObject({
      probe_ids: [],
      degraded_ms: null,
      failure_threshold: 2,
      recovery_threshold: 1,
      status_reason: null,
      status_since: null,
      snoozed_until: null,
      maintenance: null,
    });
    expect(s).toMatchObject({
      name: "Homepage",
      type: "http",
      status: "pending",
      enabled: true,
      interval: 300,
      project_id: null,
      project: null,
    });
    expect(s.config).toEqual({ url: "https://example.com/", method: "GET", expected_status_code: 200, timeout: 10 });
    expect(s.created_at).toMatch(TIMESTAMP);
    expect(s.date_created).toBe(s.created_at);
    expect(s.date_modified).toMatch(TIMESTAMP);
    const row = (await testDb().one<{ user_id: number; status: string; config: string }>(
      "SELECT user_id, status, config FROM services WHERE id = ?",
      [s.id],
    ))!;
    expect(row.user_id).toBe(alice.id);
    expect(row.status).toBe("pending");
    expect(JSON.parse(row.config)).toEqual(s.config);
  });

  it("creates a tcp service and one in a project", async () => {
    const p = await newProject(alice, { color: "#00ff00", icon: "db" });
    const res = await create(alice, {
      name: "DB",
      type: "tcp",
      config: { host: "10.0.0.5", port: 5432 },
      project_id: p.id,
      interval: 600,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: "tcp",
      interval: 600,
      config: { host: "10.0.0.5", port: 5432, timeout: 10 },
      project_id: p.id,
      project: { id: p.id, name: p.name, color: "#00FF00", icon: "db" },
    });
  });

  it("refuses an interval below the Free minimum with details.interval naming 300 seconds", async () => {
    const res = await create(alice, {
      name: "Fast",
      type: "http",
      config: { url: "https://example.com" },
      interval: 299,
    });
    expectDetails(res, ["interval"]);
    expect(res.body.error.details.interval[0]).toMatch(/300 seconds/);
    expect(
      (await create(alice, { name: "Ok", type: "http", config: { url: "https://example.com" }, interval: 300 })).status,
    ).toBe(201);
  });

  it("takes the minimum from the plan of the owner's default organization", async () => {
    const pro = await registerUser("pro");
    await setPlan(pro, "pro");
    const ok = await create(pro, {
      name: "Minutely",
      type: "http",
      config: { url: "https://example.com" },
      interval: 60,
    });
    expect(ok.status).toBe(201);
    const tooFast = await create(pro, {
      name: "Too fast",
      type: "http",
      config: { url: "https://example.com" },
      interval: 59,
    });
    expectDetails(tooFast, ["interval"]);
    expect(tooFast.body.error.details.interval[0]).toMatch(/60 seconds/);
  });

  it.each([
    ["an ftp URL", { url: "ftp://example.com/file" }, ["url"]],
    ["a javascript URL", { url: "javascript:alert(1)" }, ["url"]],
    ["no URL", { method: "GET" }, ["url"]],
    ["a lowercase method", { url: "https://example.com", method: "get" }, ["method"]],
    ["a status code of 99", { url: "https://example.com", expected_status_code: 99 }, ["expected_status_code"]],
    ["a timeout of 0", { url: "https://example.com", timeout: 0 }, ["timeout"]],
    ["an empty keyword", { url: "https://example.com", keyword: "" }, ["keyword"]],
    ["an unknown field", { url: "https://example.com", retries: 3 }, ["config"]],
  ])("refuses an http config with %s, keyed by field", async (_label, config, fields) => {
    expectDetails(await create(alice, { name: "Bad http", type: "http", config }), fields);
  });

  it("accepts an http config with every field", async () => {
    const config = {
      url: "http://localhost:8080/health",
      method: "HEAD",
      expected_status_code: 204,
      timeout: 30,
      keyword: "ok",
    };
    const res = await create(alice, { name: "Full http", type: "http", config });
    expect(res.status).toBe(201);
    expect(res.body.data.config).toEqual(config);
  });

  it.each([
    ["no port", { host: "example.com" }, ["port"]],
    ["port 70000", { host: "example.com", port: 70000 }, ["port"]],
    ["a host with a space", { host: "bad host", port: 22 }, ["host"]],
    ["a URL as host", { host: "http://example.com", port: 22 }, ["host"]],
  ])("refuses a tcp config with %s, keyed by field", async (_label, config, fields) => {
    expectDetails(await create(alice, { name: "Bad tcp", type: "tcp", config }), fields);
  });

  it("reports every problem at once, and refuses bad top-level fields", async () => {
    const res = await create(alice, { name: "Many", type: "http", config: { url: "ftp://x" }, interval: 10 });
    expectDetails(res, ["url", "interval"]);
    expectDetails(await create(alice, { type: "http", config: { url: "https://example.com" } }), ["name"]);
    expectDetails(await create(alice, { name: "x", type: "ftp", config: {} }), ["type"]);
    expectDetails(await create(alice, { name: "x", type: "http" }), ["config"]);
    expectDetails(
      await create(alice, { name: "x", type: "http", config: { url: "https://example.com" }, interval: 86_401 }),
      ["interval"],
    );
  });

  it("refuses a project of another user, keyed project_id", async () => {
    const bobs = await newProject(bob);
    const res = await create(alice, {
      name: "x",
      type: "http",
      config: { url: "https://example.com" },
      project_id: bobs.id,
    });
    expectDetails(res, ["project_id"]);
    const count = (await testDb().one<{ n: number }>("SELECT COUNT(*) AS n FROM services WHERE project_id = ?", [
      bobs.id,
    ]))!;
    expect(count.n).toBe(0);
  });

  it("needs a user's token", async () => {
    expectStandardError(await call("GET", "/services"), 401, "UNAUTHORIZED");
    expectStandardError(
      await call("POST", "/services", { body: { name: "x", type: "http", config: { url: "https://a.com" } } }),
      401,
      "UNAUTHORIZED",
    );
  });
});

describe("service list", () => {
  let user: TestUser;
  let projectId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    user = await registerUser("lister");
    projectId = (await newProject(user)).id;
    ids = {
      web: (await newService(user, { project_id: projectId })).id,
      api: (await newService(user, { project_id: projectId, enabled: false })).id,
      db: (await newService(user, { type: "tcp", config: { host: "db.internal", port: 5432 } })).id,
    };
  });

  const list = async (query: string) => {
    const res = await call("GET", `/services${query}`, { token: user.access });
    expect(res.status).toBe(200);
    return res;
  };

  it("paginates with page, limit, total and totalPages", async () => {
    const first = await list("?limit=2");
    expect(first.body.meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(first.body.data.map((s: { id: number }) => s.id)).toEqual([ids.web, ids.api]);
    const second = await list("?limit=2&page=2");
    expect(second.body.data.map((s: { id: number }) => s.id)).toEqual([ids.db]);
    expect((await list("")).body.meta).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    expectStandardError(await call("GET", "/services?limit=101", { token: user.access }), 400, "VALIDATION_ERROR");
    expectStandardError(await call("GET", "/services?page=0", { token: user.access }), 400, "VALIDATION_ERROR");
  });

  it("filters by project, type and status", async () => {
    const names = async (q: string) => (await list(q)).body.data.map((s: { id: number }) => s.id);
    expect(await names(`?project=${projectId}`)).toEqual([ids.web, ids.api]);
    expect(await names("?project=null")).toEqual([ids.db]);
    expect(await names("?type=tcp")).toEqual([ids.db]);
    expect(await names("?status=paused")).toEqual([ids.api]);
    expect(await names("?status=pending")).toEqual([ids.web, ids.db]);
    expect(await names("?status=operational")).toEqual([]);
    expect((await list(`?project=${projectId}&status=paused`)).body.meta.total).toBe(1);
    expectStandardError(
      await call("GET", "/services?status=sleeping", { token: user.access }),
      400,
      "VALIDATION_ERROR",
    );
    expectStandardError(await call("GET", "/services?project=abc", { token: user.access }), 400, "VALIDATION_ERROR");
  });

  it("shows only the caller's services", async () => {
    const res = await call("GET", "/services", { token: bob.access });
    const own = res.body.data.map((s: { id: number }) => s.id);
    for (const id of Object.values(ids)) expect(own).not.toContain(id);
  });
});

describe("service read, replace, patch, delete, status", () => {
  it("reads one service and its status; a disabled service is paused", async () => {
    const s = await newService(alice, { enabled: false });
    const read = await call("GET", `/services/${s.id}`, { token: alice.access });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: s.id, enabled: false, status: "paused" });
    const status = await call("GET", `/services/${s.id}/status`, { token: alice.access });
    expect(status.body).toEqual({
      data: {
        id: s.id,
        status: "paused",
        enabled: false,
        status_since: null,
        status_reason: null,
        last_check_at: null,
        probes: [
          {
            probe_id: null,
            outcome: null,
            reason: null,
            outbound_refused: false,
            response_time_ms: null,
            consecutive_failures: 0,
            checked_at: null,
            next_check_at: null,
          },
        ],
      },
    });
    expectStandardError(await call("GET", "/services/99999999", { token: alice.access }), 404, "NOT_FOUND");
  });

  it("PUT replaces the service with the create body; omitted fields take their defaults", async () => {
    const p = await newProject(alice);
    const s = await newService(alice, { project_id: p.id, interval: 900 });
    const res = await call("PUT", `/services/${s.id}`, {
      token: alice.access,
      body: { name: "Now TCP", type: "tcp", config: { host: "example.com", port: 443 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: s.id,
      name: "Now TCP",
      type: "tcp",
      config: { host: "example.com", port: 443, timeout: 10 },
      interval: 300,
      project_id: null,
      enabled: true,
      status: "pending",
    });
    expectDetails(await call("PUT", `/services/${s.id}`, { token: alice.access, body: { name: "x", type: "tcp" } }), [
      "config",
    ]);
    expectDetails(
      await call("PUT", `/services/${s.id}`, {
        token: alice.access,
        body: { name: "x", type: "tcp", config: { host: "a.com", port: 1 }, interval: 5 },
      }),
      ["interval"],
    );
  });

  it("PATCH changes the fields given and merges the config", async () => {
    const s = await newService(alice, { config: { url: "https://example.com", keyword: "welcome" } });
    const res = await call("PATCH", `/services/${s.id}`, {
      token: alice.access,
      body: { name: "Renamed", config: { timeout: 20 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Renamed", interval: 300 });
    expect(res.body.data.config).toEqual({
      url: "https://example.com",
      method: "GET",
      expected_status_code: 200,
      timeout: 20,
      keyword: "welcome",
    });
    const removed = await call("PATCH", `/services/${s.id}`, {
      token: alice.access,
      body: { config: { keyword: null } },
    });
    expect(removed.body.data.config).not.toHaveProperty("keyword");
    expectDetails(
      await call("PATCH", `/services/${s.id}`, {
        token: alice.access,
        body: { config: { url: "file:///etc/passwd" } },
      }),
      ["url"],
    );
    expectDetails(await call("PATCH", `/services/${s.id}`, { token: alice.access, body: { interval: 120 } }), [
      "interval",
    ]);
    expectDetails(await call("PATCH", `/services/${s.id}`, { token: alice.access, body: { type: "tcp" } }), [
      "host",
      "port",
    ]);
    const after = await call("GET", `/services/${s.id}`, { token: alice.access });
    expect(after.body.data).toMatchObject({
      type: "http",
      interval: 300,
      config: { url: "https://example.com", timeout: 20 },
    });
  });

  it("PATCH enabled pauses and resumes; resuming makes the service pending", async () => {
    const s = await newService(alice);
    const db = testDb();
    const paused = await call("PATCH", `/services/${s.id}`, { token: alice.access, body: { enabled: false } });
    expect(paused.body.data).toMatchObject({ enabled: false, status: "paused" });
    expect((await call("GET", `/services/${s.id}/status`, { token: alice.access })).body.data.status).toBe("paused");
    const resumed = await call("PATCH", `/services/${s.id}`, { token: alice.access, body: { enabled: true } });
    expect(resumed.body.data).toMatchObject({ enabled: true, status: "pending" });
    expect((await db.one<{ enabled: number }>("SELECT enabled FROM services WHERE id = ?", [s.id]))!.enabled).toBe(1);
  });

  it("DELETE answers 204 and the service is gone", async () => {
    const s = await newService(alice);
    const res = await call("DELETE", `/services/${s.id}`, { token: alice.access });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expectStandardError(await call("GET", `/services/${s.id}`, { token: alice.access }), 404, "NOT_FOUND");
    expectStandardError(await call("DELETE", `/services/${s.id}`, { token: alice.access }), 404, "NOT_FOUND");
  });

  it("refuses to check a paused service now with a 409, and keeps it paused", async () => {
    const s = await newService(alice, { enabled: false });
    expectStandardError(await call("POST", `/services/${s.id}/run`, { token: alice.access }), 409, "CONFLICT");
    expect((await call("GET", `/services/${s.id}`, { token: alice.access })).body.data.status).toBe("paused");
  });
});

describe("service isolation between users", () => {
  it("user B gets 404 on A's service and changes nothing", async () => {
    const s = await newService(alice, { name: "Alice only" });
    const body = { name: "Hijacked", type: "http", config: { url: "https://evil.example" } };
    expectStandardError(await call("GET", `/services/${s.id}`, { token: bob.access }), 404, "NOT_FOUND");
    expectStandardError(await call("GET", `/services/${s.id}/status`, { token: bob.access }), 404, "NOT_FOUND");
    expectStandardError(await call("PUT", `/services/${s.id}`, { token: bob.access, body }), 404, "NOT_FOUND");
    expectStandardError(
      await call("PATCH", `/services/${s.id}`, { token: bob.access, body: { enabled: false } }),
      404,
      "NOT_FOUND",
    );
    expectStandardError(await call("DELETE", `/services/${s.id}`, { token: bob.access }), 404, "NOT_FOUND");
    const row = (await testDb().one<{ name: string; enabled: number }>(
      "SELECT name, enabled FROM services WHERE id = ?",
      [s.id],
    ))!;
    expect(row).toEqual({ name: "Alice only", enabled: 1 });
  });
});

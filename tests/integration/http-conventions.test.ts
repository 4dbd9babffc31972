import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { databaseKind, testDb } from "../support/db";
import { apiUrl, call, expectStandardError, registerUser } from "../support/http";

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, PUT, DELETE, OPTIONS",
  "access-control-allow-headers": "Authorization, Content-Type, X-Auth",
  "access-control-max-age": "86400",
};

describe("a fresh start (the embedded default, or the DATABASE_URL given)", () => {
  it("created and migrated its database (SQLite: in DATA_DIR, WAL) and answers /health with 200", async () => {
    const kind = databaseKind();
    const db = testDb();
    const tableQuery =
      kind === "sqlite"
        ? "SELECT name FROM sqlite_master WHERE type = 'table'"
        : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()";
    const tables = (await db.query<{ name: string }>(tableQuery)).map((t) => t.name);
    const migrations = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM "_lifeline_migrations"`))!;
    expect(tables).toEqual(
      expect.arrayContaining(["users", "organizations", "cron_monitors", "cron_runs", "projects", "services"]),
    );
    expect(migrations.n).toBe(fs.readdirSync(`prisma/migrations/${kind}`).length);
    if (kind === "sqlite") {
      expect(fs.existsSync(path.join(inject("dataDir"), "lifeline.db"))).toBe(true);
      expect(await db.one("PRAGMA journal_mode")).toEqual({ journal_mode: "wal" });
    }
    expect(fs.existsSync(path.join(inject("dataDir"), "app-secret"))).toBe(true);
    const health = await call("GET", "/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ data: { status: "ok", database: "ok" } });
  });

  it("reports its status: version, database kind and (not yet) a last sweep", async () => {
    const res = await call("GET", "/status");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), database: databaseKind() });
  });
});

describe("errors in the contract's format", () => {
  it("answers malformed JSON with 400 VALIDATION_ERROR", async () => {
    const res = await call("POST", "/auth/login", {
      rawBody: '{"email": ',
      headers: { "content-type": "application/json" },
    });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(res.body.path).toBe("/api/v1/auth/login");
  });

  it("answers wrong field types with details per field", async () => {
    const res = await call("POST", "/auth/register", { body: { email: 42, password: ["x"] } });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(Object.keys(res.body.error.details).sort()).toEqual(["email", "password"]);
    for (const messages of Object.values(res.body.error.details) as string[][]) {
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(typeof m).toBe("string");
    }
  });

  it("answers an unknown route with 404 NOT_FOUND", async () => {
    const res = await call("GET", "/no-such-thing/42");
    expectStandardError(res, 404, "NOT_FOUND");
    expect(res.body.path).toBe("/api/v1/no-such-thing/42");
  });

  it("answers an unsupported method with 405 and an Allow header", async () => {
    const res = await call("DELETE", "/auth/login");
    expectStandardError(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("gives each error a fresh request id", async () => {
    const a = await call("GET", "/nope");
    const b = await call("GET", "/nope");
    expect(a.body.request_id).not.toBe(b.body.request_id);
  });

  it("reads a JSON body sent without a JSON content type (plain curl -d)", async () => {
    const user = await registerUser("curl");
    const res = await call("POST", "/auth/login", {
      rawBody: JSON.stringify({ email: user.email, password: user.password }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
  });

  it("never coerces JSON body values: a string for a boolean or number, or null for a number, is refused", async () => {
    const user = await registerUser("strict");
    const service = await call("POST", "/services", {
      token: user.access,
      body: { name: "api", type: "http", interval: 300, enabled: "false", config: { url: "https://example.test" } },
    });
    expectStandardError(service, 400, "VALIDATION_ERROR");
    expect(service.body.error.details.enabled).toEqual(["Expected boolean, received string"]);
    const project = await call("POST", "/projects", { token: user.access, body: { name: "p", order: "5" } });
    expect(project.status).toBe(400);
    expect(project.body).toEqual({
      error: { message: expect.any(String), details: { order: ["Expected number, received string"] } },
    });
    const nulled = await call("POST", "/projects", { token: user.access, body: { name: "q", order: null } });
    expect(nulled.body.error.details.order).toEqual(["Expected number, received null"]);
    expect((await call("GET", "/projects", { token: user.access })).body.data).toEqual([]);
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const res = await call("POST", "/auth/login", {
      rawBody: JSON.stringify({ email: "x".repeat(1_100_000) }),
      headers: { "content-type": "application/json" },
    });
    expectStandardError(res, 413, "PAYLOAD_TOO_LARGE");
  });

  it("answers pagination-free success bodies in the {data} envelope", async () => {
    const res = await call("GET", "/health");
    expect(Object.keys(res.body)).toEqual(["data"]);
  });
});

describe("CORS", () => {
  it("sends the CORS headers on successes and errors", async () => {
    for (const res of [await call("GET", "/health"), await call("GET", "/nope"), await call("GET", "/auth/me")]) {
      for (const [k, v] of Object.entries(CORS)) expect(res.headers.get(k)).toBe(v);
    }
  });

  it("answers an OPTIONS preflight with 204 and the CORS headers", async () => {
    const res = await fetch(apiUrl("/auth/me"), {
      method: "OPTIONS",
      headers: {
        origin: "https://example.test",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(res.status).toBe(204);
    for (const [k, v] of Object.entries(CORS)) expect(res.headers.get(k)).toBe(v);
  });
});

describe("a path that is not valid percent-encoding", () => {
  it("is refused with 400 on the dashboard's, the status pages', the badges' and the links' routes, never a 5xx", async () => {
    const base = inject("baseUrl");
    for (const target of [
      "/status/%E0%A4%A",
      "/status/x%ZZ/feed",
      "/confirm-email/%E0%A4%A",
      "/monitors/%E0%A4%A",
      "/badge/%FF.svg",
    ]) {
      const res = await fetch(`${base}${target}`, { redirect: "manual" });
      expect(res.status, target).toBe(400);
      expect(await res.text(), target).toBe("Bad request: the path is not valid percent-encoding\n");
    }
    // The REST interface answers such a path itself, in the contract's format, and never with a 5xx.
    const rest = await fetch(`${base}/api/v1/cron-monitors/%E0%A4%A`);
    expect(rest.status).toBeLessThan(500);
  });
});

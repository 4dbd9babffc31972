import crypto from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { databaseKind } from "../support/db";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import { openEngineDb, type EngineDb } from "../support/engine-db";
import { call, expectStandardError, registerUser } from "../support/http";
import { startLifeline, type RunningLifeline } from "../support/lifeline";
import { freshDatabase } from "../support/pg-database";

// A real fault on each face (a table gone from a throwaway server's database) answers 500 with the
// contract's body and its request id only: no database message, no stack, no library name, in
// development as in production. The detail is in the log under that request id.

/** What a fault's message or stack would show: the engine's and the ORM's words, the renamed tables, stack frames. */
const INTERNAL =
  /prisma|sqlite|postgres|relation|no such table|_gone|invocation|stack|node_modules|\bat \S+ \(|Error:|\.ts:\d|\.js:\d/i;

const servers: RunningLifeline[] = [];
const open: EngineDb[] = [];
afterAll(async () => {
  for (const db of open) await db.close();
  for (const s of servers) await s.stop();
});

async function throwawayServer(nodeEnv: string): Promise<RunningLifeline> {
  const env: Record<string, string> = { NODE_ENV: nodeEnv, APP_SECRET: crypto.randomBytes(32).toString("hex") };
  if (databaseKind() === "postgresql") env.DATABASE_URL = await freshDatabase(inject("pgAdminUrl")!, "lifeline_faults");
  const server = await startLifeline(env);
  servers.push(server);
  return server;
}

function expectNoInternals(text: string) {
  expect(text).not.toMatch(INTERNAL);
}

describe.each(["development", "production"])("a fault with NODE_ENV=%s", (nodeEnv) => {
  it("answers 500 with only the contract's body and a logged request id, on REST, tRPC and next-auth", async () => {
    const server = await throwawayServer(nodeEnv);
    const api = `${server.baseUrl}/api/v1`;
    const user = await registerUser("fault", api);
    const cookie = await dashboardCookie(server.baseUrl, user.email, user.password);
    const db = openEngineDb(server.databaseUrl);
    open.push(db);
    await db.run("ALTER TABLE projects RENAME TO projects_gone");
    await db.run("ALTER TABLE services RENAME TO services_gone");
    await db.run("ALTER TABLE rate_limits RENAME TO rate_limits_gone");

    const rest = await call("POST", `${api}/services`, {
      token: user.access,
      body: { name: "boom", type: "tcp", config: { host: "127.0.0.1", port: 9 } },
    });
    expectStandardError(rest, 500, "INTERNAL_ERROR");
    expect(rest.body.error).toEqual({ code: "INTERNAL_ERROR", message: "Internal server error" });
    expectNoInternals(rest.text);
    // Project routes answer in their reduced form (spec 7.1); the request id is in X-Request-Id.
    const project = await call("POST", `${api}/projects`, { token: user.access, body: { name: "boom" } });
    expect(project.status).toBe(500);
    expect(project.body).toEqual({ error: { message: "Internal server error" } });
    expectNoInternals(project.text);

    const restLogin = await call("POST", `${api}/auth/login`, { body: { email: user.email, password: user.password } });
    expectStandardError(restLogin, 500, "INTERNAL_ERROR");
    expectNoInternals(restLogin.text);

    const trpcAnswers = [
      await trpcMutation(server.baseUrl, "projects.create", { name: "boom" }, { cookie }),
      await trpcQuery(server.baseUrl, "projects.list", undefined, { cookie }),
    ];
    for (const res of trpcAnswers) {
      expect(res.status).toBe(500);
      expectNoInternals(res.text);
      expect(res.body.error.message).toBe("Internal server error");
      expect(Object.keys(res.body.error.data).sort()).toEqual(["appCode", "code", "httpStatus", "path", "request_id"]);
      expect(res.body.error.data).toMatchObject({
        appCode: "INTERNAL_ERROR",
        code: "INTERNAL_SERVER_ERROR",
        httpStatus: 500,
      });
      expect(res.body.error.data.request_id).toMatch(/^[0-9a-f-]{36}$/);
    }

    const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signIn = await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: csrf.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
      body: new URLSearchParams({ csrfToken, email: user.email, password: user.password, json: "true" }),
    });
    const signInText = await signIn.text();
    expect(signIn.status).toBe(500);
    expectNoInternals(signInText);
    const signInBody = JSON.parse(signInText);
    expect(signInBody.error).toEqual({ code: "INTERNAL_ERROR", message: "Internal server error" });

    // Each answer's request id names one log line with the fault's detail.
    const log = server.log();
    const ids = [
      rest.body.request_id,
      project.headers.get("x-request-id"),
      restLogin.body.request_id,
      ...trpcAnswers.map((a) => a.body.error.data.request_id),
      signInBody.request_id,
    ];
    for (const id of ids) {
      const line = log.split("\n").find((l) => l.includes(id));
      expect(line, id).toBeDefined();
      expect(line).toMatch(/projects|services|rate_limits/);
    }
  }, 240_000);
});

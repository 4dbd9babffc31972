import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKind, databaseUrl } from "../support/db";
import { call, registerUser, type TestUser } from "../support/http";
import { startLifeline, type RunningLifeline } from "../support/lifeline";

/**
 * The processes' logs (pino JSON lines, docs/api-metrics.md "Logs") of a server started like `npm
 * start` at LOG_LEVEL=debug with its sweeper and embedded probe, on both engines: every line any of
 * these processes writes is a JSON object, each REST request is one line with the request id the
 * client saw, and no credential issued during the run (passwords, access and refresh tokens, service
 * tokens, ping tokens) appears anywhere in the server's output.
 */
let lifeline: RunningLifeline;
let api: string;
const secrets: string[] = [];

beforeAll(async () => {
  lifeline = await startLifeline({
    LOG_LEVEL: "debug",
    PROBE_EMBEDDED: "true",
    ...(databaseKind() === "postgresql" ? { DATABASE_URL: databaseUrl() } : {}),
  });
  api = `${lifeline.baseUrl}/api/v1`;
}, 120_000);
afterAll(async () => {
  await lifeline?.stop();
});

/** Every line of the output, parsed; a line that is not a JSON object fails the test that reads it. */
const lines = () =>
  lifeline
    .log()
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(l);
      } catch {
        parsed = null;
      }
      expect(
        parsed !== null && typeof parsed === "object" && !Array.isArray(parsed),
        `not a JSON log line: ${l.slice(0, 200)}`,
      ).toBe(true);
      return parsed as Record<string, any>;
    });

describe("logs", () => {
  let user: TestUser;

  it("are JSON objects, line by line, from start-up on, with a level word, a time and the start-up messages", async () => {
    // The sweeper and the probe are child processes that start after the web app answers.
    const started = (l: Record<string, any>) => l.event === "sweeper.started" || l.event === "probe.started";
    for (let i = 0; i < 120 && lines().filter(started).length < 2; i++) await new Promise((r) => setTimeout(r, 250));
    const all = lines();
    for (const l of all) {
      expect(["trace", "debug", "info", "warn", "error", "fatal"]).toContain(l.level);
      expect(l.time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    const messages = all.map((l) => l.msg).filter(Boolean);
    expect(messages).toContainEqual(
      expect.stringMatching(/^web app listening on http:\/\/127\.0\.0\.1:\d+ \(APP_URL /),
    );
    // A fresh SQLite file is migrated at start-up; the suite's PostgreSQL database already was.
    if (databaseKind() === "sqlite")
      expect(messages).toContainEqual(expect.stringMatching(/^applied migration \d+_init$/));
    expect(messages).toContainEqual("platform probe running");
    expect(all.some((l) => l.event === "sweeper.started")).toBe(true);
    expect(all.find((l) => l.event === "probe.started")?.msg).toMatch(
      /^platform probe "embedded" \(id \d+\) checking for http:\/\/127\.0\.0\.1:\d+$/,
    );
  }, 45_000);

  it("write one JSON line per REST request with the request id of the answer and of the error body", async () => {
    user = await registerUser("logs", api);
    secrets.push(user.password, user.access, user.refresh);
    const missing = await call("GET", `${api}/cron-monitors/999999999`, { token: user.access });
    expect(missing.status).toBe(404);
    const id = missing.headers.get("x-request-id")!;
    expect(missing.body.request_id).toBe(id);
    const line = lines().find((l) => l.request_id === id);
    expect(line).toMatchObject({
      level: "info",
      event: "request",
      method: "GET",
      route: "/cron-monitors/{id}",
      status: 404,
    });
    expect(typeof line!.time).toBe("string");
    expect(typeof line!.duration_ms).toBe("number");
  });

  it("never carry a credential issued or used during the run", async () => {
    const login = await call("POST", `${api}/auth/login`, { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    secrets.push(login.body.data.access, login.body.data.refresh);
    const refreshed = await call("POST", `${api}/auth/refresh`, { body: { refresh: login.body.data.refresh } });
    expect(refreshed.status).toBe(200);
    secrets.push(refreshed.body.data.access, refreshed.body.data.refresh);
    const token = await call("POST", `${api}/orgs/${user.orgSlug}/service-tokens`, {
      token: user.access,
      body: { name: "ci", capabilities: ["cronmonitor.view", "cronmonitor.create", "metrics.read"] },
    });
    expect(token.status).toBe(201);
    secrets.push(token.body.data.token);
    const monitor = await call("POST", `${api}/cron-monitors`, {
      token: token.body.data.token,
      body: { name: "logged", schedule_kind: "period", period_seconds: 3600 },
    });
    expect(monitor.status).toBe(201);
    const ping = monitor.body.data.ping_token as string;
    secrets.push(ping);
    // Pings on every path that carries the token, good and bad, and refused credentials.
    expect((await fetch(`${lifeline.baseUrl}/ping/${ping}`)).status).toBe(200);
    expect((await fetch(`${api}/ping/${ping}/start?rid=not-a-uuid`)).status).toBe(400);
    expect((await fetch(`${api}/ping/${ping}/fail`, { method: "POST", body: "out" })).status).toBe(200);
    expect((await fetch(`${lifeline.baseUrl}/ping/${ping}`, { method: "PUT" })).status).toBe(405);
    expect((await call("GET", `${api}/metrics`, { token: token.body.data.token })).status).toBe(200);
    expect((await call("GET", `${api}/cron-monitors`, { token: `${token.body.data.token}x` })).status).toBe(401);
    expect(
      (await call("POST", `${api}/auth/login`, { body: { email: user.email, password: `${user.password}!` } })).status,
    ).toBe(401);
    secrets.push(`${user.password}!`);
    expect((await call("POST", `${api}/auth/logout`, { token: login.body.data.access })).status).toBe(204);

    await new Promise((r) => setTimeout(r, 300)); // the probe's and the sweeper's lines reach the file
    const output = lifeline.log();
    expect(lines().filter((l) => l.event === "request").length).toBeGreaterThan(5);
    for (const secret of secrets)
      expect(output.includes(secret), `a credential is in the log: ${secret.slice(0, 6)}…`).toBe(false);
  }, 60_000);
});

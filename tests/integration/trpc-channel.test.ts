import crypto from "node:crypto";
import http from "node:http";
import { afterAll, describe, expect, inject, it } from "vitest";
import { call, registerUser, type TestUser } from "../support/http";
import { rows } from "../support/db";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import { startLifeline, type Lifeline } from "../support/lifeline";
import { rssBytes, webPid } from "../support/processes";

const base = () => inject("baseUrl");
let owner: TestUser;
let cookie: string;
async function signedIn() {
  if (!owner) {
    owner = await registerUser("trpc");
    cookie = await dashboardCookie(base(), owner.email, owner.password);
  }
  return { cookie };
}
const monitorCount = async () => (await rows<{ n: number }>("SELECT count(*) AS n FROM cron_monitors"))[0]!.n;

describe("statuses on /api/trpc", () => {
  it("answers a call without a session with 401 UNAUTHORIZED, not 500", async () => {
    const res = await trpcQuery(base(), "cronMonitors.list", {});
    expect(res.status).toBe(401);
    expect(res.body.error.data).toMatchObject({ code: "UNAUTHORIZED", httpStatus: 401, appCode: "UNAUTHORIZED" });
  });

  it("answers an unknown monitor with 404 NOT_FOUND and invalid input with 400 and field details", async () => {
    const { cookie } = await signedIn();
    const missing = await trpcQuery(base(), "cronMonitors.get", { id: 999999 }, { cookie });
    expect(missing.status).toBe(404);
    expect(missing.body.error.data).toMatchObject({ code: "NOT_FOUND", appCode: "NOT_FOUND" });
    const invalid = await trpcMutation(
      base(),
      "cronMonitors.create",
      { name: "", schedule_kind: "period", period_seconds: 3600 },
      { cookie },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.data.appCode).toBe("VALIDATION_ERROR");
    expect(Object.keys(invalid.body.error.data.details)).toContain("name");
  });
});

describe("an undecodable cookie beside the session", () => {
  it("is ignored by procedures: 401 without a session, 200 with one", async () => {
    const { cookie } = await signedIn();
    const anonymous = await trpcQuery(base(), "cronMonitors.list", {}, { cookie: "junk=%E0" });
    expect(anonymous.status).toBe(401);
    const withSession = await trpcQuery(base(), "cronMonitors.list", {}, { cookie: `junk=%E0; ${cookie}` });
    expect(withSession.status).toBe(200);
  });

  it("is ignored by dashboard pages: /monitors renders for the signed-in user and redirects a visitor", async () => {
    const { cookie } = await signedIn();
    const page = await fetch(`${base()}/monitors`, { headers: { cookie: `junk=%E0; ${cookie}` }, redirect: "manual" });
    expect(page.status).toBe(200);
    const visitor = await fetch(`${base()}/monitors`, { headers: { cookie: "junk=%E0" }, redirect: "manual" });
    expect(visitor.status).toBeGreaterThanOrEqual(300);
    expect(visitor.status).toBeLessThan(400);
  });
});

describe("bad input on the tRPC face: 4xx with a clear body, never 5xx, nothing stored", () => {
  const cases: [string, () => Promise<{ status: number; body: any }>, number][] = [
    ["malformed JSON", async () => trpcMutation(base(), "cronMonitors.create", '{"name": ', { cookie }), 400],
    [
      "a JSON array instead of an object",
      async () => trpcMutation(base(), "cronMonitors.create", "[1,2]", { cookie }),
      400,
    ],
    [
      "a string where a number belongs",
      async () =>
        trpcMutation(
          base(),
          "cronMonitors.create",
          { name: "x", schedule_kind: "period", period_seconds: "3600" },
          { cookie },
        ),
      400,
    ],
    [
      "null where a number belongs",
      async () =>
        trpcMutation(
          base(),
          "cronMonitors.create",
          { name: "x", schedule_kind: "period", period_seconds: null },
          { cookie },
        ),
      400,
    ],
    ["an unknown procedure", async () => trpcMutation(base(), "cronMonitors.nope", {}, { cookie }), 404],
    ["a query called as a mutation", async () => trpcMutation(base(), "cronMonitors.list", {}, { cookie }), 405],
    [
      "no session",
      async () =>
        trpcMutation(base(), "cronMonitors.create", { name: "x", schedule_kind: "period", period_seconds: 3600 }),
      401,
    ],
    [
      "a forged session cookie",
      async () =>
        trpcMutation(
          base(),
          "cronMonitors.create",
          { name: "x", schedule_kind: "period", period_seconds: 3600 },
          { cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged.forged.forged" },
        ),
      401,
    ],
    [
      "a body over 1 MiB",
      async () => trpcMutation(base(), "cronMonitors.create", { name: "x".repeat(1024 * 1024 + 10) }, { cookie }),
      413,
    ],
  ];
  it.each(cases)("%s", async (_name, send, status) => {
    await signedIn();
    const before = await monitorCount();
    const res = await send();
    expect(res.status).toBe(status);
    expect(typeof res.body.error.message).toBe("string");
    expect(res.body.error.message.length).toBeGreaterThan(0);
    expect(await monitorCount()).toBe(before);
  });

  it("a truncated body (declared longer than sent) is refused with a 4xx or dropped, never a 5xx, nothing stored", async () => {
    await signedIn();
    const before = await monitorCount();
    const url = new URL(`${base()}/api/trpc/cronMonitors.create`);
    const status = await new Promise<number | "closed">((resolve) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": "200", cookie },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", () => resolve("closed"));
      req.write('{"name":"trunc');
      setTimeout(() => req.destroy(), 500);
    });
    if (status !== "closed") expect(status).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 300));
    expect(await monitorCount()).toBe(before);
  });
});

/** One upload of `bytes` to `path`, declared by Content-Length or chunked; resolves with status and time to answer. */
function upload(path: string, bytes: number, chunked: boolean): Promise<{ status: number; ms: number }> {
  const url = new URL(`${base()}${path}`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (!chunked) headers["content-length"] = String(bytes);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers,
      agent: false,
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    // The client streams until it is well past the limit (4 MB of the 100 MB), then waits for the
    // answer with the request still open: the server must answer a declared size from the header
    // alone and a chunked body from what it read, without the rest. (Writing on into a socket the
    // server has stopped reading only ends in EPIPE on this side, before the answer is read.)
    const sendAtMost = Math.min(bytes, 4 * 1024 * 1024);
    let sent = 0;
    let answered = false;
    const pump = () => {
      if (sent >= sendAtMost && sent < bytes) return; // keep the request open, wait for the answer
      while (!answered && sent < sendAtMost) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered && sent >= bytes) req.end();
    };
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, ms: Date.now() - started });
      req.destroy();
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    setTimeout(() => req.destroy(new Error("no answer in 10 s")), 10_000);
    if (chunked) pump();
    else {
      // A declared size is refused from the header alone: send the headers, give the answer a moment
      // to come back before any of the body, and only then start writing.
      req.flushHeaders();
      setTimeout(pump, 300);
    }
  });
}

describe("request bodies over 1 MiB", () => {
  const port = () => Number(new URL(base()).port);
  for (const chunked of [false, true]) {
    it(`10 concurrent 100 MB ${chunked ? "chunked " : ""}bodies are each refused with 413 within 1 s, the web process growing < 50 MB`, async () => {
      const pid = webPid(port());
      const before = rssBytes(pid);
      const paths = ["/api/v1/cron-monitors", "/api/trpc/cronMonitors.create", "/api/auth/callback/credentials"];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => upload(paths[i % paths.length]!, 100 * 1024 * 1024, chunked)),
      );
      const after = rssBytes(pid);
      for (const a of answers) {
        expect(a.status).toBe(413);
        expect(a.ms).toBeLessThan(1000);
      }
      expect(after - before).toBeLessThan(50 * 1024 * 1024);
    });
  }
});

describe("one validation whatever was called before (fresh servers)", () => {
  const servers: Lifeline[] = [];
  afterAll(async () => Promise.all(servers.map((s) => s.stop())));

  async function freshUser(srv: Lifeline, viaRest: boolean) {
    const email = `order-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const password = "correct horse battery";
    if (viaRest)
      expect((await call("POST", `${srv.baseUrl}/api/v1/auth/register`, { body: { email, password } })).status).toBe(
        201,
      );
    else expect((await trpcMutation(srv.baseUrl, "auth.register", { email, password })).status).toBe(200);
    return dashboardCookie(srv.baseUrl, email, password);
  }
  const pausedOf = async (srv: Lifeline, cookie: string, id: number) =>
    (await trpcQuery(srv.baseUrl, "cronMonitors.get", { id }, { cookie })).body.result.data.data.paused;

  it('tRPC first, then REST, then tRPC: {"paused":"false"} is refused with 400 every time', async () => {
    const srv = await startLifeline();
    servers.push(srv);
    const cookie = await freshUser(srv, false);
    const created = await trpcMutation(
      srv.baseUrl,
      "cronMonitors.create",
      { name: "order", schedule_kind: "period", period_seconds: 3600 },
      { cookie },
    );
    expect(created.status).toBe(200);
    const id = created.body.result.data.data.id;
    expect((await trpcMutation(srv.baseUrl, "cronMonitors.update", { id, paused: "false" }, { cookie })).status).toBe(
      400,
    );
    const login = await call("POST", `${srv.baseUrl}/api/v1/auth/login`, {
      body: { email: "x@example.test", password: "y" },
    });
    expect(login.status).toBe(401);
    expect((await trpcMutation(srv.baseUrl, "cronMonitors.update", { id, paused: "false" }, { cookie })).status).toBe(
      400,
    );
    expect(await pausedOf(srv, cookie, id)).toBe(false);
  });

  it('REST first, then tRPC: {"paused":"false"} is refused with 400 on both faces and a number string is not read as a number', async () => {
    const srv = await startLifeline();
    servers.push(srv);
    const email = `rest-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const password = "correct horse battery";
    const reg = await call("POST", `${srv.baseUrl}/api/v1/auth/register`, { body: { email, password } });
    const token = reg.body.data.access;
    const created = await call("POST", `${srv.baseUrl}/api/v1/cron-monitors`, {
      token,
      body: { name: "order", schedule_kind: "period", period_seconds: 3600 },
    });
    const id = created.body.data.id;
    expect(
      (await call("PATCH", `${srv.baseUrl}/api/v1/cron-monitors/${id}`, { token, body: { paused: "false" } })).status,
    ).toBe(400);
    const cookie = await dashboardCookie(srv.baseUrl, email, password);
    expect((await trpcMutation(srv.baseUrl, "cronMonitors.update", { id, paused: "false" }, { cookie })).status).toBe(
      400,
    );
    expect(
      (await trpcMutation(srv.baseUrl, "cronMonitors.update", { id, grace_seconds: "279" }, { cookie })).status,
    ).toBe(400);
    expect(await pausedOf(srv, cookie, id)).toBe(false);
  });
});

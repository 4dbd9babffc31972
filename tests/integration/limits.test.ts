import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseEnv, testDb } from "../support/db";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import { baseUrl, call, expectStandardError, registerUser, type Answer, type TestUser } from "../support/http";
import { startLifeline, type Lifeline } from "../support/lifeline";
import { privateProbe, startProbe, startTarget, type ProbeProcess } from "../support/probes";
import { setPlan } from "../support/projects";
import { eventually, startReceiver } from "../support/sweeper";

// The limits of docs/limits.md, each a 429 RATE_LIMITED with Retry-After on REST and the dashboard's
// tRPC face, counted in the database: a second web process on the suite's database shares every
// count. Run-now uses the owner's private probe (a real `npm run probe` process) against a target on
// loopback; in-flight markers and account counts that would take minutes to reach are staged in the
// database (`rate_limits`), as a crashed process or an hour of use would leave them; a run in flight is
// a real one, on a target that hangs.
let owner: TestUser;
let second: Lifeline;
let probe: { id: number; token: string };
let agent: ProbeProcess;
let target: Awaited<ReturnType<typeof startTarget>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  owner = await registerUser("limits");
  await setPlan(owner, "enterprise"); // private probes
  probe = await privateProbe(owner);
  [target, receiver, second] = await Promise.all([
    startTarget(),
    startReceiver(),
    startLifeline(databaseEnv(), { args: ["--web-only"] }),
  ]);
  agent = startProbe(baseUrl(), probe.token);
}, 120_000);
afterAll(async () => {
  await agent?.stop();
  await Promise.all([second?.stop(), target?.close(), receiver?.close()]);
});

const onSecond = (method: string, route: string, opts: Parameters<typeof call>[2] = {}) =>
  call(method, `${second.baseUrl}/api/v1${route}`, opts);

async function service(name: string): Promise<number> {
  const res = await call("POST", "/services", {
    token: owner.access,
    body: { name, type: "http", config: { url: target.url }, interval: 10, probe_ids: [probe.id] },
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

function expectLimited(res: Answer, maxSeconds: number, message: RegExp) {
  expectStandardError(res, 429, "RATE_LIMITED");
  const wait = Number(res.headers.get("retry-after"));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
  expect(res.body.error.message).toMatch(message);
  return wait;
}

/** Stages a counter as another process (or an hour of use) left it. */
async function stage(key: string, hits: number, windowEndMs: number) {
  await testDb().run(`DELETE FROM rate_limits WHERE "key" = ?`, [key]);
  await testDb().run(`INSERT INTO rate_limits ("key", hits, window_end) VALUES (?, ?, ?)`, [key, hits, windowEndMs]);
}

describe("run-now limits", () => {
  it("runs a service once per 10 s, counted across web processes and on the dashboard face, then again after Retry-After", async () => {
    const id = await service("run limit");
    expect((await call("POST", `/services/${id}/run`, { token: owner.access })).status).toBe(200);
    const wait = expectLimited(
      await onSecond("POST", `/services/${id}/run`, { token: owner.access }),
      10,
      /once every 10 seconds/,
    );

    const cookie = await dashboardCookie(second.baseUrl, owner.email, owner.password);
    const dashboard = await fetch(`${second.baseUrl}/api/trpc/services.run`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ id }),
    });
    expect(dashboard.status).toBe(429);
    expect(Number(dashboard.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await dashboard.json()) as any;
    expect(body.error.data).toMatchObject({ code: "TOO_MANY_REQUESTS", httpStatus: 429, appCode: "RATE_LIMITED" });

    await new Promise((r) => setTimeout(r, wait * 1000 + 200));
    const again = await onSecond("POST", `/services/${id}/run`, { token: owner.access });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ service_id: id, probe_id: probe.id, outcome: "up" });
  }, 60_000);

  it("refuses a run on a second web process while one is in flight, and frees the service when that run ends", async () => {
    const slow = await startTarget("hang"); // the check lasts its whole timeout (2 s), then reports down
    try {
      const created = await call("POST", "/services", {
        token: owner.access,
        body: {
          name: "in flight",
          type: "http",
          config: { url: slow.url, timeout: 2 },
          interval: 300,
          probe_ids: [probe.id],
        },
      });
      const busy = created.body.data.id as number;
      const inFlight = async () =>
        (await testDb().query(`SELECT "key" FROM rate_limits WHERE "key" = ?`, [`run-inflight:${busy}`])).length;
      const results = async () =>
        Number(
          (await testDb().one<{ n: number }>("SELECT COUNT(*) AS n FROM check_results WHERE service_id = ?", [busy]))!
            .n,
        );
      await eventually(async () => (await results()) > 0, 30_000); // the first scheduled check is over
      const running = call("POST", `/services/${busy}/run`, { token: owner.access });
      await eventually(async () => (await inFlight()) === 1, 10_000);
      expectLimited(
        await onSecond("POST", `/services/${busy}/run`, { token: owner.access }),
        2 + 15 + 5,
        /already in progress/,
      );
      const done = await running;
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ service_id: busy, probe_id: probe.id, outcome: "down" });
      expect(await inFlight()).toBe(0); // released at the end: only the 10-second rule is left
    } finally {
      await slow.close();
    }
  }, 60_000);

  it("lets a run through once the in-flight marker of a crashed process has expired", async () => {
    const crashed = await service("crashed run");
    await stage(`run-inflight:${crashed}`, 1, Date.now() - 1000);
    const res = await call("POST", `/services/${crashed}/run`, { token: owner.access });
    expect(res.status).toBe(200);
    expect(
      (await testDb().query(`SELECT "key" FROM rate_limits WHERE "key" = ?`, [`run-inflight:${crashed}`])).length,
    ).toBe(0); // released at the end
  }, 60_000);

  it("refuses the 61st run of an account within the hour", async () => {
    const [row] = await testDb().query<{ hits: number }>(`SELECT hits FROM rate_limits WHERE "key" = ?`, [
      `run-account:${owner.id}`,
    ]);
    expect(Number(row!.hits)).toBeGreaterThanOrEqual(3); // the runs above, each counted once
    await testDb().run(`UPDATE rate_limits SET hits = 60 WHERE "key" = ?`, [`run-account:${owner.id}`]);
    const id = await service("sixty-first");
    expectLimited(await onSecond("POST", `/services/${id}/run`, { token: owner.access }), 3600, /60 runs per hour/);
    // Another account is not affected.
    const other = await registerUser("limits-other");
    expectStandardError(await call("POST", `/services/${id}/run`, { token: other.access }), 404, "NOT_FOUND");
  });
});

describe("test deliveries", () => {
  it("sends at most 5 test deliveries per integration per hour, counted across web processes", async () => {
    const create = async (name: string) =>
      (await call("POST", "/integrations", { token: owner.access, body: { name, kind: "webhook", url: receiver.url } }))
        .body.data.id as number;
    const [id, other] = [await create("limited hook"), await create("other hook")];
    for (let i = 1; i <= 3; i++)
      expect((await call("POST", `/integrations/${id}/test`, { token: owner.access })).status).toBe(200);
    for (let i = 4; i <= 5; i++)
      expect((await onSecond("POST", `/integrations/${id}/test`, { token: owner.access })).status).toBe(200);
    const sent = receiver.received.length;
    expectLimited(
      await onSecond("POST", `/integrations/${id}/test`, { token: owner.access }),
      3600,
      /5 test deliveries per integration per hour/,
    );
    expect(receiver.received.length).toBe(sent); // nothing sent

    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const dashboard = await trpcMutation(baseUrl(), "integrations.test", { id }, { cookie });
    expect(dashboard.status).toBe(429);
    expect(dashboard.body.error.data).toMatchObject({ appCode: "RATE_LIMITED", httpStatus: 429 });
    expect((await call("POST", `/integrations/${other}/test`, { token: owner.access })).status).toBe(200);
  });
});

describe("confirmation mails", () => {
  it("refuses a second confirmation mail of an email integration within 10 minutes on another web process, storing nothing", async () => {
    const address = `limits-${owner.id}@example.test`;
    const created = await call("POST", "/integrations", {
      token: owner.access,
      body: { name: "mail", kind: "email", email: address },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expectLimited(
      await onSecond("PATCH", `/integrations/${id}`, { token: owner.access, body: { email: `moved-${address}` } }),
      600,
      /less than 10 minutes ago/,
    );
    expect((await call("GET", `/integrations/${id}`, { token: owner.access })).body.data).toMatchObject({
      email: address,
      confirmed: false,
    });
  });
});

describe("dashboard batches", () => {
  it("refuses a tRPC batch of 21 calls with a 400 before any runs, and answers one of 20", async () => {
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const batch = (n: number) =>
      trpcQuery(baseUrl(), `${Array(n).fill("auth.me").join(",")}?batch=1`, undefined, { cookie });
    const refused = await batch(21);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: -32600,
      data: { code: "BAD_REQUEST", httpStatus: 400, appCode: "VALIDATION_ERROR" },
    });
    const answered = await batch(20);
    expect(answered.status).toBe(200);
    expect(answered.body).toHaveLength(20);
    expect(answered.body[0].result.data.data.email).toBe(owner.email);
  });

  it("refuses a batch of 21 run-now calls without running any", async () => {
    const id = await service("batched runs");
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const input = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [String(i), { id }]));
    const res = await trpcMutation(baseUrl(), `${Array(21).fill("services.run").join(",")}?batch=1`, input, { cookie });
    expect(res.status).toBe(400);
    expect((await testDb().query(`SELECT "key" FROM rate_limits WHERE "key" = ?`, [`run-service:${id}`])).length).toBe(
      0,
    );
  });
});

describe("member invitations", () => {
  it("throttles invitations of unknown emails like sign-ins, on REST and the dashboard", async () => {
    const admin = await registerUser("inviter");
    const invite = (email: string) =>
      call("POST", `/orgs/${admin.orgSlug}/members`, { token: admin.access, body: { email, role: "viewer" } });
    for (let i = 1; i <= 5; i++)
      expectStandardError(await invite(`ghost-${i}-${admin.id}@example.test`), 400, "VALIDATION_ERROR");
    const known = await registerUser("invitee");
    expectLimited(await invite(known.email), 900, /unknown emails/); // counted before the lookup: no answer either way
    const cookie = await dashboardCookie(baseUrl(), admin.email, admin.password);
    const dashboard = await trpcMutation(
      baseUrl(),
      "orgs.addMember",
      { slug: admin.orgSlug, email: known.email, role: "viewer" },
      { cookie },
    );
    expect(dashboard.status).toBe(429);
  });

  it("counts only unknown emails: adding registered users is not throttled", async () => {
    const admin = await registerUser("inviter-ok");
    for (let i = 1; i <= 7; i++) {
      const user = await registerUser(`member-${i}`);
      expect(
        (
          await call("POST", `/orgs/${admin.orgSlug}/members`, {
            token: admin.access,
            body: { email: user.email, role: "viewer" },
          })
        ).status,
      ).toBe(201);
    }
  });
});

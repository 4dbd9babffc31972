import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { closedPort, privateProbe, startProbe, startTarget, type ProbeProcess } from "../support/probes";
import { setPlan } from "../support/projects";
import { eventually, startReceiver, sweep } from "../support/sweeper";

// Active checks end to end on the suite's server: a private probe process (`scripts/probe.ts`,
// what `npm run probe` runs) leases the checks of the services that name it, runs them against
// local targets and reports; the server turns results into status, incidents and notifications.
// A private probe checks only its own services, so nothing else of the suite is checked.
let owner: TestUser;
let stranger: TestUser;
let probe: { id: number; token: string };
let agent: ProbeProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const cleanup: (() => unknown)[] = [];

beforeAll(async () => {
  [owner, stranger] = await Promise.all([registerUser("checks"), registerUser("stranger")]);
  await setPlan(owner, "enterprise"); // 10 s intervals and private probes
  probe = await privateProbe(owner);
  receiver = await startReceiver();
  cleanup.push(() => receiver.close());
  const hook = await call("POST", "/integrations", {
    token: owner.access,
    body: { name: "hook", kind: "webhook", url: receiver.url, is_default: true },
  });
  expect(hook.status).toBe(201);
  agent = startProbe(baseUrl(), probe.token);
  cleanup.push(() => agent.stop());
});
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

const service = async (name: string, type: "http" | "tcp", config: Record<string, unknown>) => {
  const res = await call("POST", "/services", {
    token: owner.access,
    body: { name, type, config, interval: 10, probe_ids: [probe.id] },
  });
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ status: "pending", probe_ids: [probe.id], status_reason: null });
  return res.body.data.id as number;
};
const statusOf = async (id: number) => (await call("GET", `/services/${id}/status`, { token: owner.access })).body.data;
const incidentsOf = async (id: number) =>
  (await call("GET", `/incidents?service=${id}`, { token: owner.access })).body.data as {
    status: string;
    kind: string;
    reason: string;
  }[];
const deliveredFor = (id: number, event: string) =>
  receiver.received.filter((r) => {
    const body = JSON.parse(r.body);
    return body.event === event && body.service?.id === id;
  });

/** pending -> operational; broken -> down (confirmed), one incident, one webhook; fixed -> resolved, one more webhook. */
async function lifecycle(id: number, breakIt: () => void, fixIt: () => void, reason: RegExp) {
  await eventually(async () => (await statusOf(id)).status === "operational", 40_000);
  breakIt();
  const down = await eventually(async () => {
    const s = await statusOf(id);
    return s.status === "down" ? s : null;
  }, 60_000);
  expect(down.status_reason).toMatch(reason);
  expect(down.probes[0]).toMatchObject({ probe_id: probe.id, outcome: "down", consecutive_failures: 2 });
  const opened = await incidentsOf(id);
  expect(opened).toHaveLength(1);
  expect(opened[0]).toMatchObject({ kind: "service_down", status: "open" });
  expect(opened[0]!.reason).toMatch(reason);
  fixIt();
  await eventually(async () => (await statusOf(id)).status === "operational", 40_000);
  const resolved = await incidentsOf(id);
  expect(resolved).toHaveLength(1);
  expect(resolved[0]!.status).toBe("resolved");
  return resolved;
}

describe("an http service checked by a probe", () => {
  it("goes pending -> operational -> down (confirmed by a second failure) -> operational, with one incident and one webhook per flip, for a 500, a hanging server and a missing keyword", async () => {
    const targets = await Promise.all([startTarget(), startTarget(), startTarget()]);
    cleanup.push(() => Promise.all(targets.map((t) => t.close())));
    const [failing, hanging, keyword] = targets as [(typeof targets)[0], (typeof targets)[0], (typeof targets)[0]];
    const ids = await Promise.all([
      service("returns 500", "http", { url: failing.url }),
      service("hangs", "http", { url: hanging.url, timeout: 1 }),
      service("keyword", "http", { url: keyword.url, keyword: "healthy" }),
    ]);
    await Promise.all([
      lifecycle(
        ids[0]!,
        () => failing.set("error"),
        () => failing.set("ok"),
        /^unexpected status 500$/,
      ),
      lifecycle(
        ids[1]!,
        () => hanging.set("hang"),
        () => hanging.set("ok"),
        /^timeout after 1 s$/,
      ),
      lifecycle(
        ids[2]!,
        () => keyword.set("no-keyword"),
        () => keyword.set("ok"),
        /^keyword missing$/,
      ),
    ]);
    expect((await sweep(null)).code).toBe(0); // delivers the outbox
    for (const id of ids) {
      await eventually(() => deliveredFor(id, "incident.resolved").length === 1);
      expect(deliveredFor(id, "incident.opened")).toHaveLength(1);
      expect(deliveredFor(id, "incident.resolved")).toHaveLength(1);
      const body = JSON.parse(deliveredFor(id, "incident.opened")[0]!.body);
      expect(body).toMatchObject({
        monitor: null,
        service: { id },
        incident: { service: id, cron_monitor: null, kind: "service_down" },
      });
    }
    // Every check was recorded once per slot, with its timing.
    const dup = await testDb().query(
      "SELECT service_id, slot FROM check_results WHERE probe_id = ? AND slot IS NOT NULL GROUP BY service_id, slot HAVING COUNT(*) > 1",
      [probe.id],
    );
    expect(dup).toEqual([]);
    const timed = await testDb().one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM check_results WHERE service_id = ? AND connect_ms IS NOT NULL AND first_byte_ms IS NOT NULL",
      [ids[0]],
    );
    expect(Number(timed!.n)).toBeGreaterThan(0);
  }, 180_000);
});

describe("a tcp service checked by a probe", () => {
  it("goes down with 'connection refused' against a closed port and operational once something listens there, one webhook per flip", async () => {
    const port = await closedPort();
    const id = await service("closed port", "tcp", { host: "127.0.0.1", port, timeout: 2 });
    const down = await eventually(async () => {
      const s = await statusOf(id);
      return s.status === "down" ? s : null;
    }, 60_000);
    expect(down.status_reason).toBe("connection refused");
    expect(await incidentsOf(id)).toMatchObject([{ status: "open", kind: "service_down" }]);
    const net = await import("node:net");
    const listener = net.createServer((s) => s.end());
    await new Promise<void>((r) => listener.listen(port, "127.0.0.1", r));
    cleanup.push(() => new Promise((r) => listener.close(r)));
    await eventually(async () => (await statusOf(id)).status === "operational", 40_000);
    expect(await incidentsOf(id)).toMatchObject([{ status: "resolved" }]);
    expect((await sweep(null)).code).toBe(0); // delivers the outbox
    await eventually(() => deliveredFor(id, "incident.resolved").length === 1);
    expect(deliveredFor(id, "incident.opened")).toHaveLength(1);
  }, 120_000);
});

describe("POST /services/{id}/run", () => {
  it("has the service's private probe check it now and answers with the result", async () => {
    const target = await startTarget();
    cleanup.push(() => target.close());
    const id = await service("run now", "http", { url: target.url });
    const res = await call("POST", `/services/${id}/run`, { token: owner.access });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      service_id: id,
      probe_id: probe.id,
      outcome: "up",
      reason: null,
      status_code: 200,
    });
    expect(res.body.data.response_time_ms).toBeGreaterThanOrEqual(0);
    // A service runs at most once per 10 s (docs/limits.md): the query form is shown on another one.
    const other = await service("run now via query", "http", { url: target.url });
    const viaQuery = await call("POST", `/services/${other}/run?probe=${probe.id}`, { token: owner.access });
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body.data.probe_id).toBe(probe.id);
  }, 60_000);

  it("refuses a probe that does not check the service with a 400 on probe, and another user's service with a 404", async () => {
    const target = await startTarget();
    cleanup.push(() => target.close());
    const id = await service("run refused", "http", { url: target.url });
    const wrong = await call("POST", `/services/${id}/run?probe=${probe.id + 1000}`, { token: owner.access });
    expectStandardError(wrong, 400, "VALIDATION_ERROR");
    expect(Object.keys(wrong.body.error.details)).toEqual(["probe"]);
    expectStandardError(await call("POST", `/services/${id}/run`, { token: stranger.access }), 404, "NOT_FOUND");
    expectStandardError(await call("GET", `/services/${id}/status`, { token: stranger.access }), 404, "NOT_FOUND");
  });
});

describe("the probe protocol", () => {
  it("refuses a result for a slot the probe does not hold, and a stranger's service ids are not its lanes", async () => {
    const target = await startTarget();
    cleanup.push(() => target.close());
    const id = await service("protocol", "http", { url: target.url });
    await eventually(async () => (await statusOf(id)).status === "operational", 40_000);
    const slot = (await testDb().one<{ slot: number }>("SELECT slot FROM service_lanes WHERE service_id = ?", [id]))!
      .slot;
    const result = {
      service_id: id,
      lane: probe.id,
      slot: slot + 5,
      outcome: "down",
      reason: "forged",
      status_code: 500,
      response_time_ms: 1,
      started_at: new Date().toISOString(),
    };
    const res = await call("POST", "/probe/results", {
      headers: { "X-Auth": probe.token },
      body: { results: [result] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.accepted).toBe(0);
    expect(res.body.data.refused).toEqual([
      { service_id: id, lane: probe.id, slot: slot + 5, reason: expect.stringMatching(/not leased/) },
    ]);
    expect((await statusOf(id)).status).toBe("operational");
  });

  it("refuses a rotated token and a deleted probe's token at once with 401", async () => {
    const other = await privateProbe(owner, "short-lived");
    const self = () => call("GET", "/probe/self", { headers: { "X-Auth": other.token } });
    const lease = (token: string) => call("POST", "/probe/leases", { headers: { "X-Auth": token }, body: { max: 5 } });
    expect((await self()).status).toBe(200);
    const idle = await lease(other.token);
    expect(idle.status).toBe(200);
    expect(idle.body).toEqual({ data: [], next_due_at: null, tests: [] }); // no service names it: nothing due, ever
    const rotated = await call("POST", `/probes/${other.id}/token`, { token: owner.access });
    expect(rotated.status).toBe(200);
    expectStandardError(await lease(other.token), 401, "UNAUTHORIZED");
    expect((await lease(rotated.body.data.token)).status).toBe(200);
    expect((await call("DELETE", `/probes/${other.id}`, { token: owner.access })).status).toBe(204);
    expectStandardError(await lease(rotated.body.data.token), 401, "UNAUTHORIZED");
  });

  it("refuses naming another organization's probe in probe_ids with a 400 on probe_ids", async () => {
    await setPlan(stranger, "team");
    const theirs = await privateProbe(stranger, "theirs");
    const res = await call("POST", "/services", {
      token: owner.access,
      body: { name: "x", type: "http", config: { url: "http://127.0.0.1:9/" }, interval: 60, probe_ids: [theirs.id] },
    });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(Object.keys(res.body.error.details)).toEqual(["probe_ids"]);
  });
});

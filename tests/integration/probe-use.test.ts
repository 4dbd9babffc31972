import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { privateProbe, startProbe, startTarget, type ProbeProcess } from "../support/probes";
import { setPlan } from "../support/projects";
import { eventually } from "../support/sweeper";

// Who may aim a private probe (`probe.use`: owners and admins), and the rule over time: a member who
// is removed or demoted loses the organization's probes on their services, and a stale row is never
// leased. A private probe leases only its own lanes, so nothing else of the suite is checked here.
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let viewer: TestUser;
let probe: { id: number; token: string };
let agent: ProbeProcess;
let target: Awaited<ReturnType<typeof startTarget>>;
const cleanup: (() => unknown)[] = [];

const join = async (user: TestUser, role: string) => {
  const res = await call("POST", `/orgs/${owner.orgSlug}/members`, {
    token: owner.access,
    body: { email: user.email, role },
  });
  expect(res.status).toBe(201);
};

beforeAll(async () => {
  [owner, admin, member, viewer] = await Promise.all([
    registerUser("use-owner"),
    registerUser("use-admin"),
    registerUser("use-member"),
    registerUser("use-viewer"),
  ]);
  // The probe's organization is on Team; each user's services follow their own default organization's plan.
  for (const u of [owner, admin, member, viewer]) await setPlan(u, "enterprise");
  probe = await privateProbe(owner);
  await join(admin, "admin");
  await join(member, "member");
  await join(viewer, "viewer");
  target = await startTarget();
  cleanup.push(() => target.close());
  agent = startProbe(baseUrl(), probe.token);
  cleanup.push(() => agent.stop());
});
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "lan check",
  type: "http",
  config: { url: target.url },
  interval: 10,
  ...overrides,
});
const create = (user: TestUser, overrides: Record<string, unknown> = {}) =>
  call("POST", "/services", { token: user.access, body: body(overrides) });
const read = async (user: TestUser, id: number) =>
  (await call("GET", `/services/${id}`, { token: user.access })).body.data;
const lanesOf = async (id: number) =>
  (
    await testDb().query<{ lane: number }>("SELECT lane FROM service_lanes WHERE service_id = ? ORDER BY lane", [id])
  ).map((l) => Number(l.lane));
const resultsBy = async (id: number, probeId: number) =>
  Number(
    (await testDb().one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM check_results WHERE service_id = ? AND probe_id = ?",
      [id, probeId],
    ))!.n,
  );
const servicesOf = async (user: TestUser) =>
  Number((await testDb().one<{ n: number }>("SELECT COUNT(*) AS n FROM services WHERE user_id = ?", [user.id]))!.n);

/**
 * The invariant: every enabled service of these users has at least one lane a probe may lease (the
 * platform lane, or a private lane whose owner holds probe.use in the probe's organization).
 */
async function expectEveryServiceLeasable(users: TestUser[]) {
  const stranded = await testDb().query(
    `SELECT s.id FROM services s
     WHERE s.user_id IN (${users.map(() => "?").join(", ")}) AND s.enabled
       AND NOT EXISTS (SELECT 1 FROM service_lanes l WHERE l.service_id = s.id AND l.leasable_at IS NOT NULL
         AND (l.lane = 0 OR EXISTS (SELECT 1 FROM probes p JOIN memberships m ON m.org_id = p.org_id AND m.user_id = s.user_id
           WHERE p.id = l.lane AND m.role IN ('owner', 'admin'))))`,
    users.map((u) => u.id),
  );
  expect(stranded).toEqual([]);
}

describe("probe.use on create and update", () => {
  it("refuses a viewer's and a member's probe_ids with 403 on POST, PUT and PATCH, storing nothing, and accepts an admin's and the owner's", async () => {
    for (const user of [viewer, member]) {
      const before = await servicesOf(user);
      const refused = await create(user, { probe_ids: [probe.id] });
      expectStandardError(refused, 403, "FORBIDDEN");
      expect(refused.body.error.message).toContain("probe.use");
      expect(Object.keys(refused.body.error.details)).toEqual(["probe_ids"]);
      expect(await servicesOf(user)).toBe(before);

      const plain = await create(user); // on the platform probes: allowed
      expect(plain.status).toBe(201);
      const id = plain.body.data.id;
      expectStandardError(
        await call("PATCH", `/services/${id}`, { token: user.access, body: { probe_ids: [probe.id] } }),
        403,
        "FORBIDDEN",
      );
      expectStandardError(
        await call("PUT", `/services/${id}`, { token: user.access, body: body({ probe_ids: [probe.id] }) }),
        403,
        "FORBIDDEN",
      );
      expect(await read(user, id)).toMatchObject({ probe_ids: [] });
      expect(await lanesOf(id)).toEqual([0]);
    }
    for (const user of [admin, owner]) {
      const ok = await create(user, { probe_ids: [probe.id], enabled: false });
      expect(ok.status).toBe(201);
      expect(ok.body.data.probe_ids).toEqual([probe.id]);
    }
    await expectEveryServiceLeasable([owner, admin, member, viewer]);
  });

  it("refuses a viewer's and a member's probe_ids with 403 on the dashboard's tRPC face too, and accepts an admin's", async () => {
    for (const user of [viewer, member]) {
      const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
      const before = await servicesOf(user);
      const refused = await trpcMutation(baseUrl(), "services.create", body({ probe_ids: [probe.id] }), { cookie });
      expect(refused.status).toBe(403);
      expect(refused.body.error.data).toMatchObject({
        appCode: "FORBIDDEN",
        details: { probe_ids: [expect.stringContaining("probe.use")] },
      });
      expect(await servicesOf(user)).toBe(before);
      const plain = await trpcMutation(baseUrl(), "services.create", body(), { cookie });
      expect(plain.status).toBe(200);
      const id = plain.body.result.data.data.id as number;
      const patched = await trpcMutation(baseUrl(), "services.update", { id, probe_ids: [probe.id] }, { cookie });
      expect(patched.status).toBe(403);
      expect(patched.body.error.data.appCode).toBe("FORBIDDEN");
      expect(await lanesOf(id)).toEqual([0]);
    }

    const adminCookie = await dashboardCookie(baseUrl(), admin.email, admin.password);
    const ok = await trpcMutation(baseUrl(), "services.create", body({ probe_ids: [probe.id], enabled: false }), {
      cookie: adminCookie,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.result.data.data.probe_ids).toEqual([probe.id]);
  });

  it("still answers 400 on probe_ids for a probe of an organization the user is not in", async () => {
    const outsider = await registerUser("use-outsider");
    const res = await create(outsider, { probe_ids: [probe.id], interval: 300 });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(Object.keys(res.body.error.details)).toEqual(["probe_ids"]);
  });

  it("lets an owner grant probe.use to a service token and lists it, though a token cannot aim a probe: services need a user's token (403)", async () => {
    const res = await call("POST", `/orgs/${owner.orgSlug}/service-tokens`, {
      token: owner.access,
      body: { name: "ci", capabilities: ["probe.use", "cronmonitor.view"] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.capabilities).toEqual(["probe.use", "cronmonitor.view"]);
    const current = await call("GET", "/orgs/current", { token: res.body.data.token });
    expect(current.body.data.capabilities).toContain("probe.use");
    // Services belong to users (spec 5: project endpoints need a JWT; docs/api-probes.md): the grant aims nothing today.
    const owned = (await create(owner, { name: "owner's, on the platform", enabled: false })).body.data.id as number;
    const viaToken = await call("POST", "/services", {
      token: res.body.data.token,
      body: body({ probe_ids: [probe.id] }),
    });
    expectStandardError(viaToken, 403, "FORBIDDEN");
    expectStandardError(
      await call("PATCH", `/services/${owned}`, { token: res.body.data.token, body: { probe_ids: [probe.id] } }),
      403,
      "FORBIDDEN",
    );
    expect(await lanesOf(owned)).toEqual([0]);
  });
});

describe("the rule over time", () => {
  it("a removed admin's services stop using the organization's probe: the lane goes, the platform probe takes over (pending, with the reason), the running probe leases nothing of theirs, and run-now on it is refused", async () => {
    const leaver = await registerUser("use-leaver");
    await setPlan(leaver, "enterprise");
    await join(leaver, "admin");
    const theirs = (await create(leaver, { name: "leaver's", probe_ids: [probe.id] })).body.data.id as number;
    const control = (await create(owner, { name: "owner's control", probe_ids: [probe.id] })).body.data.id as number;
    await eventually(async () => (await read(leaver, theirs)).status === "operational", 40_000);
    expect(await resultsBy(theirs, probe.id)).toBeGreaterThan(0);

    const removed = await call("DELETE", `/orgs/${owner.orgSlug}/members/${leaver.id}`, { token: owner.access });
    expect(removed.status).toBe(204);
    const after = await read(leaver, theirs);
    expect(after).toMatchObject({ probe_ids: [], status: "pending" });
    expect(after.status_reason).toMatch(
      new RegExp(
        `organization ${owner.orgSlug} no longer check this service: its owner is no longer a member there; the platform probes check it now`,
      ),
    );
    expect(await lanesOf(theirs)).toEqual([0]);
    await expectEveryServiceLeasable([owner, leaver]);

    // One interval and more later: the probe kept checking the control service, and nothing of the leaver's.
    const counted = await resultsBy(theirs, probe.id);
    const controlBefore = await resultsBy(control, probe.id);
    await new Promise((r) => setTimeout(r, 12_000));
    expect(await resultsBy(control, probe.id)).toBeGreaterThan(controlBefore);
    expect(await resultsBy(theirs, probe.id)).toBe(counted);

    const run = await call("POST", `/services/${theirs}/run?probe=${probe.id}`, { token: leaver.access });
    expectStandardError(run, 400, "VALIDATION_ERROR");
    expect(Object.keys(run.body.error.details)).toEqual(["probe"]);
    const cookie = await dashboardCookie(baseUrl(), leaver.email, leaver.password);
    const viaTrpc = await trpcMutation(baseUrl(), "services.run", { id: theirs, probe: probe.id }, { cookie });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.body.error.data).toMatchObject({
      appCode: "VALIDATION_ERROR",
      details: { probe: [`Probe ${probe.id} is not a platform probe`] },
    });
    expect(run.body.error.details).toEqual(viaTrpc.body.error.data.details); // the same refusal on both faces
    expect(await resultsBy(theirs, probe.id)).toBe(counted);
    expectStandardError(
      await call("PATCH", `/services/${theirs}`, { token: leaver.access, body: { probe_ids: [probe.id] } }),
      400,
      "VALIDATION_ERROR",
    );
  }, 90_000);

  it("demoting an admin to member (on the dashboard's tRPC face) takes the probe off their services, resolving an open incident, and leaves other organizations' probes in place", async () => {
    const demoted = await registerUser("use-demoted");
    await setPlan(demoted, "team");
    const ownProbe = await privateProbe(demoted, "own office"); // a probe of their own organization stays
    await join(demoted, "admin");
    const both = (await create(demoted, { name: "both", probe_ids: [probe.id, ownProbe.id], interval: 30 })).body.data
      .id as number;
    const only = (await create(demoted, { name: "only alice's", probe_ids: [probe.id], interval: 30, enabled: false }))
      .body.data.id as number;
    // An open incident on `both`, as a confirmed failure would have left it.
    await testDb().run("UPDATE services SET status = 'down' WHERE id = ?", [both]);
    const orgId = (await testDb().one<{ id: number }>("SELECT default_org_id AS id FROM users WHERE id = ?", [
      demoted.id,
    ]))!.id;
    await testDb().run(
      "INSERT INTO incidents (org_id, service_id, kind, status, reason, opened_at) VALUES (?, ?, 'service_down', 'open', 'down', ?)",
      [orgId, both, new Date()],
    );

    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const res = await trpcMutation(
      baseUrl(),
      "orgs.changeMember",
      { slug: owner.orgSlug, user_id: demoted.id, role: "member" },
      { cookie },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data.data.role).toBe("member");

    const kept = await read(demoted, both);
    expect(kept).toMatchObject({ probe_ids: [ownProbe.id], status: "pending" });
    expect(kept.status_reason).toBe(
      `Probes of organization ${owner.orgSlug} no longer check this service: its owner's role there (member) does not hold probe.use`,
    );
    expect(await lanesOf(both)).toEqual([ownProbe.id]);
    const incidents = await testDb().query<{ status: string }>("SELECT status FROM incidents WHERE service_id = ?", [
      both,
    ]);
    expect(incidents.map((i) => i.status)).toEqual(["resolved"]);
    const outbox = await testDb().query("SELECT event FROM outbox WHERE service_id = ?", [both]);
    expect(outbox).toEqual([{ event: "incident.resolved" }]);

    expect(await read(demoted, only)).toMatchObject({ probe_ids: [], status: "paused" });
    expect(await lanesOf(only)).toEqual([0]);
    const lane = await testDb().one<{ leasable_at: unknown }>(
      "SELECT leasable_at FROM service_lanes WHERE service_id = ?",
      [only],
    );
    expect(lane!.leasable_at).toBeNull(); // still paused: nothing to lease until it is enabled
    await expectEveryServiceLeasable([demoted]);
    const resumed = await call("PATCH", `/services/${only}`, { token: demoted.access, body: { enabled: true } });
    expect(resumed.body.data).toMatchObject({ status: "pending", probe_ids: [] });
    await expectEveryServiceLeasable([demoted]);
  });

  it("keeps the invariant when edits naming the probe race the member's removal: every edit either lands before it (and is released) or is refused after it", async () => {
    const racer = await registerUser("use-racer");
    await setPlan(racer, "enterprise");
    await join(racer, "admin");
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await create(racer, { name: `race ${i}`, interval: 60 })).body.data.id);
    const edits = ids.map((id) =>
      call("PATCH", `/services/${id}`, { token: racer.access, body: { probe_ids: [probe.id] } }),
    );
    const removal = call("DELETE", `/orgs/${owner.orgSlug}/members/${racer.id}`, { token: owner.access });
    const answers = await Promise.all(edits);
    expect((await removal).status).toBe(204);
    for (const a of answers) expect([200, 400]).toContain(a.status);
    for (const id of ids) {
      expect(await read(racer, id)).toMatchObject({ probe_ids: [] });
      expect(await lanesOf(id)).toEqual([0]);
    }
    await expectEveryServiceLeasable([racer]);
  });

  it("never leases a stale row: a private lane whose owner lost probe.use without the release is skipped by the lease and refused by run-now (403), and leased again once the right is back", async () => {
    const idle = await privateProbe(owner, "no process"); // leased by hand here, not by the running agent
    const stale = await registerUser("use-stale");
    await setPlan(stale, "enterprise");
    await join(stale, "admin");
    const id = (await create(stale, { name: "stale", probe_ids: [idle.id] })).body.data.id as number;
    const lease = async () => {
      const res = await call("POST", "/probe/leases", { headers: { "X-Auth": idle.token }, body: { max: 50 } });
      expect(res.status).toBe(200);
      return res.body.data.map((c: { service_id: number }) => c.service_id) as number[];
    };
    // The membership row changes behind the API's back (as a race or a manual edit could leave it).
    await testDb().run(
      "UPDATE memberships SET role = 'viewer' WHERE user_id = ? AND org_id = (SELECT org_id FROM probes WHERE id = ?)",
      [stale.id, idle.id],
    );
    const due = await testDb().one<{ leased_by: number | null }>(
      "SELECT leased_by FROM service_lanes WHERE service_id = ? AND lane = ?",
      [id, idle.id],
    );
    expect(due!.leased_by).toBeNull();
    expect(await lease()).not.toContain(id);
    const run = await call("POST", `/services/${id}/run?probe=${idle.id}`, { token: stale.access });
    expectStandardError(run, 403, "FORBIDDEN");
    expect(run.body.error.message).toContain("probe.use");
    const cookie = await dashboardCookie(baseUrl(), stale.email, stale.password);
    const viaTrpc = await trpcMutation(baseUrl(), "services.run", { id, probe: idle.id }, { cookie });
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.body.error.data.appCode).toBe("FORBIDDEN");
    expect(viaTrpc.body.error.message).toContain("probe.use");

    await testDb().run(
      "UPDATE memberships SET role = 'admin' WHERE user_id = ? AND org_id = (SELECT org_id FROM probes WHERE id = ?)",
      [stale.id, idle.id],
    );
    expect(await lease()).toContain(id);
  });
});

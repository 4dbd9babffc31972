import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { apiUrl, call, registerUser, type TestUser } from "../support/http";
import {
  expectAssignmentError,
  expectProjectError,
  expectServiceCount,
  newProject,
  newService,
  serviceProjectIdDb,
  setPlan,
} from "../support/projects";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser("alice"), registerUser("bob")]);
  await setPlan(alice, "pro"); // this file creates more services for Alice than the Free plan's 20
});

const assign = (user: TestUser, projectId: number, body: unknown) =>
  call("POST", `/projects/${projectId}/assign_services`, { token: user.access, body });
const unassign = (user: TestUser, projectId: number, body: unknown) =>
  call("DELETE", `/projects/${projectId}/unassign_services`, { token: user.access, body });

describe("assign services", () => {
  it("assigns the listed services and says how many", async () => {
    const p = await newProject(alice, { color: "#112233", icon: "globe" });
    const [s1, s2] = [await newService(alice), await newService(alice)];
    const res = await assign(alice, p.id, { service_ids: [s1.id, s2.id, s1.id] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(res.body.message).toMatch(/\b2 services\b/);
    expect(await serviceProjectIdDb(s1.id)).toBe(p.id);
    expect(await serviceProjectIdDb(s2.id)).toBe(p.id);
    await expectServiceCount(alice, p.id, 2);
  });

  it("lists the project's services with project_id and the embedded project summary", async () => {
    const p = await newProject(alice, { color: "#abcdef", icon: "box" });
    const s = await newService(alice);
    await newService(alice); // not in the project
    await assign(alice, p.id, { service_ids: [s.id] });
    const res = await call("GET", `/projects/${p.id}/services`, { token: alice.access });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      id: s.id,
      project_id: p.id,
      project: { id: p.id, name: p.name, color: "#ABCDEF", icon: "box" },
    });
    expect(Object.keys(res.body.data[0].project).sort()).toEqual(["color", "icon", "id", "name"]);
    const empty = await newProject(alice);
    expect((await call("GET", `/projects/${empty.id}/services`, { token: alice.access })).body).toEqual({ data: [] });
  });

  it("assigns nothing when one id does not exist: 400 {error: string}", async () => {
    const p = await newProject(alice);
    const s = await newService(alice);
    const res = await assign(alice, p.id, { service_ids: [s.id, 99999999] });
    expectAssignmentError(res);
    expect(res.body.error).toContain("99999999");
    expect(await serviceProjectIdDb(s.id)).toBeNull();
    await expectServiceCount(alice, p.id, 0);
  });

  it("assigns nothing when one service belongs to another user, and leaves that service alone", async () => {
    const p = await newProject(alice);
    const mine = await newService(alice);
    const bobsProject = await newProject(bob);
    const bobs = await newService(bob, { project_id: bobsProject.id });
    const res = await assign(alice, p.id, { service_ids: [mine.id, bobs.id] });
    expectAssignmentError(res);
    expect(await serviceProjectIdDb(mine.id)).toBeNull();
    expect(await serviceProjectIdDb(bobs.id)).toBe(bobsProject.id);
    await expectServiceCount(alice, p.id, 0);
    await expectServiceCount(bob, bobsProject.id, 1);
  });

  it("answers an unknown project with 404 in the project form", async () => {
    const s = await newService(alice);
    expectProjectError(await assign(alice, 99999999, { service_ids: [s.id] }), 404);
  });

  it.each([
    ["no body", undefined],
    ["no service_ids", {}],
    ["an empty list", { service_ids: [] }],
    ["not a list", { service_ids: "1,2" }],
    ["non-integer ids", { service_ids: [1.5] }],
  ])("refuses %s with 400 {error: string}", async (_label, body) => {
    const p = await newProject(alice);
    expectAssignmentError(await assign(alice, p.id, body));
  });

  it("moves a service between projects and keeps both counts right", async () => {
    const from = await newProject(alice);
    const to = await newProject(alice);
    const s = await newService(alice, { project_id: from.id });
    await expectServiceCount(alice, from.id, 1);
    expect((await assign(alice, to.id, { service_ids: [s.id] })).status).toBe(200);
    await expectServiceCount(alice, from.id, 0);
    await expectServiceCount(alice, to.id, 1);
  });
});

describe("unassign services (DELETE with a JSON body)", () => {
  it("unassigns listed services of this project and silently ignores all other ids", async () => {
    const p = await newProject(alice);
    const other = await newProject(alice);
    const [s1, s2, s3] = [await newService(alice), await newService(alice), await newService(alice)];
    const elsewhere = await newService(alice, { project_id: other.id });
    const bobsProject = await newProject(bob);
    const bobs = await newService(bob, { project_id: bobsProject.id });
    await assign(alice, p.id, { service_ids: [s1.id, s2.id, s3.id] });
    await expectServiceCount(alice, p.id, 3);

    const res = await unassign(alice, p.id, { service_ids: [s1.id, s2.id, elsewhere.id, bobs.id, 99999999] });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(res.body.message).toMatch(/\b2 services\b/);
    expect(await serviceProjectIdDb(s1.id)).toBeNull();
    expect(await serviceProjectIdDb(s2.id)).toBeNull();
    expect(await serviceProjectIdDb(s3.id)).toBe(p.id);
    expect(await serviceProjectIdDb(elsewhere.id)).toBe(other.id);
    expect(await serviceProjectIdDb(bobs.id)).toBe(bobsProject.id);
    await expectServiceCount(alice, p.id, 1);
    await expectServiceCount(alice, other.id, 1);
    await expectServiceCount(bob, bobsProject.id, 1);
  });

  it("takes a one-element list", async () => {
    const p = await newProject(alice);
    const s = await newService(alice, { project_id: p.id });
    const res = await unassign(alice, p.id, { service_ids: [s.id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/\b1 service\b/);
    expect(await serviceProjectIdDb(s.id)).toBeNull();
    await expectServiceCount(alice, p.id, 0);
  });

  it("also takes the ids as repeated query parameters", async () => {
    const p = await newProject(alice);
    const [s1, s2] = [await newService(alice, { project_id: p.id }), await newService(alice, { project_id: p.id })];
    const res = await call(
      "DELETE",
      apiUrl(`/projects/${p.id}/unassign_services?service_ids=${s1.id}&service_ids=${s2.id}`),
      { token: alice.access },
    );
    expect(res.status).toBe(200);
    await expectServiceCount(alice, p.id, 0);
  });

  it("answers 0 when no listed service is in the project", async () => {
    const p = await newProject(alice);
    const s = await newService(alice);
    const res = await unassign(alice, p.id, { service_ids: [s.id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/\b0 services\b/);
  });

  it("refuses a missing or malformed list with 400 {error: string}", async () => {
    const p = await newProject(alice);
    expectAssignmentError(await unassign(alice, p.id, undefined));
    expectAssignmentError(await unassign(alice, p.id, { service_ids: [] }));
    expectAssignmentError(await unassign(alice, p.id, { service_ids: ["abc"] }));
  });

  it("answers an unknown project with 404 in the project form", async () => {
    expectProjectError(await unassign(alice, 99999999, { service_ids: [1] }), 404);
  });
});

describe("service_count stays right", () => {
  it("through service create, PATCH project_id, PUT and service delete", async () => {
    const p = await newProject(alice);
    const q = await newProject(alice);
    const s1 = await newService(alice, { project_id: p.id });
    const s2 = await newService(alice, { project_id: p.id });
    await expectServiceCount(alice, p.id, 2);

    expect(
      (await call("PATCH", `/services/${s1.id}`, { token: alice.access, body: { project_id: q.id } })).status,
    ).toBe(200);
    await expectServiceCount(alice, p.id, 1);
    await expectServiceCount(alice, q.id, 1);

    const put = await call("PUT", `/services/${s1.id}`, {
      token: alice.access,
      body: { name: "replaced", type: "http", config: { url: "https://example.org" }, project_id: p.id },
    });
    expect(put.status).toBe(200);
    await expectServiceCount(alice, p.id, 2);
    await expectServiceCount(alice, q.id, 0);

    expect((await call("DELETE", `/services/${s2.id}`, { token: alice.access })).status).toBe(204);
    await expectServiceCount(alice, p.id, 1);
    expect(
      (await call("PATCH", `/services/${s1.id}`, { token: alice.access, body: { project_id: null } })).status,
    ).toBe(200);
    await expectServiceCount(alice, p.id, 0);
  });
});

describe("project delete keeps its services and cron monitors", () => {
  it("unassigns the services (still alive) and cron monitors; other projects keep their counts", async () => {
    const doomed = await newProject(alice);
    const kept = await newProject(alice);
    const [s1, s2] = [
      await newService(alice, { project_id: doomed.id }),
      await newService(alice, { project_id: doomed.id }),
    ];
    const s3 = await newService(alice, { project_id: kept.id });
    // No cron monitor endpoint exists yet: put a monitor of Alice's organization in the project directly.
    const org = (await testDb().one<{ id: number }>("SELECT id FROM organizations WHERE slug = ?", [alice.orgSlug]))!;
    const [{ id: monitorId }] = (await testDb().query<{ id: number }>(
      "INSERT INTO cron_monitors (org_id, project_id, name, schedule_kind, period_seconds, ping_token, updated_at) VALUES (?, ?, 'nightly', 'period', 3600, ?, ?) RETURNING id",
      [org.id, doomed.id, `tok-${doomed.id}-${Date.now()}`, new Date()],
    )) as [{ id: number }];

    const res = await call("DELETE", `/projects/${doomed.id}`, { token: alice.access });
    expect(res.status).toBe(204);

    for (const s of [s1, s2]) {
      const read = await call("GET", `/services/${s.id}`, { token: alice.access });
      expect(read.status).toBe(200);
      expect(read.body.data.project_id).toBeNull();
      expect(read.body.data.project).toBeNull();
      expect(await serviceProjectIdDb(s.id)).toBeNull();
    }
    const monitor = (await testDb().one<{ project_id: number | null }>(
      "SELECT project_id FROM cron_monitors WHERE id = ?",
      [monitorId],
    ))!;
    expect(monitor.project_id).toBeNull();
    expect(await serviceProjectIdDb(s3.id)).toBe(kept.id);
    await expectServiceCount(alice, kept.id, 1);
  });
});

describe("assignment isolation between users", () => {
  it("user B cannot assign A's services, nor touch A's project", async () => {
    const alicesProject = await newProject(alice);
    const alicesService = await newService(alice, { project_id: alicesProject.id });
    const bobsProject = await newProject(bob);
    const bobsService = await newService(bob);

    expectAssignmentError(await assign(bob, bobsProject.id, { service_ids: [alicesService.id] }));
    expect(await serviceProjectIdDb(alicesService.id)).toBe(alicesProject.id);

    expectProjectError(await assign(bob, alicesProject.id, { service_ids: [bobsService.id] }), 404);
    expect(await serviceProjectIdDb(bobsService.id)).toBeNull();
    expectProjectError(await unassign(bob, alicesProject.id, { service_ids: [alicesService.id] }), 404);
    expect(await serviceProjectIdDb(alicesService.id)).toBe(alicesProject.id);

    const viaService = await call("PATCH", `/services/${bobsService.id}`, {
      token: bob.access,
      body: { project_id: alicesProject.id },
    });
    expect(viaService.status).toBe(400);
    expect(Object.keys(viaService.body.error.details)).toEqual(["project_id"]);
    await expectServiceCount(alice, alicesProject.id, 1);
    await expectServiceCount(bob, bobsProject.id, 0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import type { TestUser } from "../support/http";
import { callOn, dedicatedLifeline, registerOn, startProbe, startTarget, type ProbeProcess } from "../support/probes";
import { eventually } from "../support/sweeper";

// Deleting a private probe never silently stops monitoring, and GET /probes is public for platform
// probes. A Lifeline of its own with its embedded platform probe (loopback allowed), so the platform
// probe checks only this file's services and a moved service is seen being checked again.
let server: Awaited<ReturnType<typeof dedicatedLifeline>>;
let api: ReturnType<typeof callOn>;
let owner: TestUser;
let target: Awaited<ReturnType<typeof startTarget>>;
const cleanup: (() => unknown)[] = [];

beforeAll(async () => {
  server = await dedicatedLifeline({ PROBE_EMBEDDED: "true", OUTBOUND_ALLOW_PRIVATE: "true" });
  cleanup.push(() => server.stop());
  api = callOn(server.server);
  owner = await registerOn(server.server, "deleter");
  await server.db.run("UPDATE organizations SET plan = 'enterprise' WHERE slug = ?", [owner.orgSlug]);
  target = await startTarget();
  cleanup.push(() => target.close());
}, 120_000);
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

const newProbe = async (name: string) => {
  const res = await api("POST", "/probes", { token: owner.access, body: { name } });
  expect(res.status).toBe(201);
  return { id: res.body.data.id as number, token: res.body.data.token as string };
};
const newService = async (name: string, probeIds: number[]) => {
  const res = await api("POST", "/services", {
    token: owner.access,
    body: { name, type: "http", config: { url: target.url }, interval: 10, probe_ids: probeIds },
  });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
};
const read = async (id: number) => (await api("GET", `/services/${id}`, { token: owner.access })).body.data;
const platformId = async () =>
  (await server.db.one<{ id: number }>("SELECT id FROM probes WHERE kind = 'platform'"))!.id;

/** Every enabled service has a lane a probe may lease (see probe-use.test.ts for the full rule). */
async function expectEveryServiceLeasable() {
  const stranded = await server.db.query(
    `SELECT s.id FROM services s WHERE s.enabled
       AND NOT EXISTS (SELECT 1 FROM service_lanes l WHERE l.service_id = s.id AND l.leasable_at IS NOT NULL
         AND (l.lane = 0 OR EXISTS (SELECT 1 FROM probes p JOIN memberships m ON m.org_id = p.org_id AND m.user_id = s.user_id
           WHERE p.id = l.lane AND m.role IN ('owner', 'admin'))))`,
  );
  expect(stranded).toEqual([]);
}

describe("DELETE /probes/{id}", () => {
  it("answers 409 naming the services that use the probe, changing nothing; with force=true moves them to the platform probe (pending, with the reason), which checks them within one interval", async () => {
    const probe = await newProbe("office");
    const agent: ProbeProcess = startProbe(server.server.baseUrl, probe.token);
    cleanup.push(() => agent.stop());
    const id = await newService("intranet", [probe.id]);
    await eventually(async () => (await read(id)).status === "operational", 40_000);
    await expectEveryServiceLeasable();

    const refused = await api("DELETE", `/probes/${probe.id}`, { token: owner.access });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "CONFLICT", details: { services: [`${id}: intranet`] } });
    expect(refused.body.error.message).toContain("force=true");
    expect((await api("GET", `/probes/${probe.id}`, { token: owner.access })).status).toBe(200);
    expect(await read(id)).toMatchObject({ probe_ids: [probe.id], status: "operational" });

    expect((await api("DELETE", `/probes/${probe.id}?force=false`, { token: owner.access })).status).toBe(409);
    const deleted = await api("DELETE", `/probes/${probe.id}?force=true`, { token: owner.access });
    expect(deleted.status).toBe(204);
    const deletedAt = Date.now();
    expect((await api("GET", `/probes/${probe.id}`, { token: owner.access })).status).toBe(404);
    const moved = await read(id);
    expect(moved).toMatchObject({
      probe_ids: [],
      status: "pending",
      status_reason: `Probe office (#${probe.id}) was deleted; the platform probes check it now`,
    });
    const lanes = await server.db.query<{ lane: number }>("SELECT lane FROM service_lanes WHERE service_id = ?", [id]);
    expect(lanes.map((l) => Number(l.lane))).toEqual([0]);
    await expectEveryServiceLeasable();

    // Checked again, by the platform probe, within one interval (10 s).
    const platform = await platformId();
    const checked = await eventually(
      () =>
        server.db.one<{ started_at: string }>(
          "SELECT started_at FROM check_results WHERE service_id = ? AND probe_id = ?",
          [id, platform],
        ),
      10_000,
    );
    expect(new Date(checked.started_at).getTime() - deletedAt).toBeLessThan(10_000);
    await eventually(async () => (await read(id)).status === "operational", 20_000);
    expect((await read(id)).status_reason).toBeNull();
  }, 120_000);

  it("answers 409 with the service names on the dashboard's tRPC face, then deletes with force, and deletes an unused probe at once", async () => {
    const probe = await newProbe("rack");
    const id = await newService("printer", [probe.id]);
    const cookie = await dashboardCookie(server.server.baseUrl, owner.email, owner.password);
    const refused = await trpcMutation(server.server.baseUrl, "probes.delete", { id: probe.id }, { cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.error.data).toMatchObject({ appCode: "CONFLICT", details: { services: [`${id}: printer`] } });
    const forced = await trpcMutation(
      server.server.baseUrl,
      "probes.delete",
      { id: probe.id, force: "true" },
      { cookie },
    );
    expect(forced.status).toBe(200);
    expect(await read(id)).toMatchObject({ probe_ids: [], status: "pending" });
    await expectEveryServiceLeasable();

    const unused = await newProbe("spare");
    expect((await api("DELETE", `/probes/${unused.id}`, { token: owner.access })).status).toBe(204);
  });

  it("refuses a force value other than true or false with a 400", async () => {
    const probe = await newProbe("strict");
    const res = await api("DELETE", `/probes/${probe.id}?force=yes`, { token: owner.access });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });
});

describe("GET /probes (spec 4.4: public for platform probes)", () => {
  it("lists the platform probes without credentials (id, name, location, status), and adds the caller's private probes with them", async () => {
    const mine = await newProbe("private one");
    const anonymous = await api("GET", "/probes");
    expect(anonymous.status).toBe(200);
    const platform = await platformId();
    expect(anonymous.body.data).toEqual([
      expect.objectContaining({
        id: platform,
        name: "embedded",
        location: "local",
        kind: "platform",
        status: "online",
      }),
    ]);

    const signedIn = await api("GET", "/probes", { token: owner.access });
    const listed = signedIn.body.data as { id: number; kind: string; org: string | null }[];
    expect(listed[0]!.id).toBe(platform);
    expect(listed.find((p) => p.id === mine.id)).toMatchObject({
      kind: "private",
      org: owner.orgSlug,
      status: "offline",
    });
    expect(listed.filter((p) => p.kind === "private").every((p) => p.org === owner.orgSlug)).toBe(true);

    const stranger = await registerOn(server.server, "stranger");
    expect(
      (await api("GET", "/probes", { token: stranger.access })).body.data.map((p: { id: number }) => p.id),
    ).toEqual([platform]);
    const bad = await api("GET", "/probes", { token: "not-a-token" });
    expect(bad.status).toBe(401);

    const dashboard = await trpcQuery(server.server.baseUrl, "probes.list", {});
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.result.data.data.map((p: { id: number }) => p.id)).toEqual([platform]);
  });
});

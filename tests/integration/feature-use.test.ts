import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../support/db";
import { call, registerUser, type TestUser } from "../support/http";
import { createMonitor, ping, resetRateWindow, type TestMonitor } from "../support/monitors";
import { newProject } from "../support/projects";
import { sweep } from "../support/sweeper";

// A ping reads only what its monitor uses (domain/feature-use.ts): a monitor that gains a
// maintenance window (named, or through its project), a snooze or a parent through the REST API is
// held exactly as before, and once the window is deleted or over, the snooze released or the edge
// cut, its pings are plain again (the flags its reads are gated by are off, and a failure notifies).
let owner: TestUser;
beforeAll(async () => {
  owner = await registerUser("feature-use");
});

const minutesFrom = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const flags = async (id: number) =>
  (
    await rows<{ uses_maintenance: number; uses_dependencies: number }>(
      "SELECT uses_maintenance, uses_dependencies FROM cron_monitors WHERE id = ?",
      id,
    )
  )[0];
const opened = (id: number) =>
  rows<{ event: string }>("SELECT event FROM outbox WHERE cron_monitor_id = ? AND event = 'incident.opened'", id);
const incidents = (id: number) =>
  rows<{ status: string; held: number }>(
    "SELECT status, held FROM incidents WHERE cron_monitor_id = ? ORDER BY id",
    id,
  );

/** A failure then a success: the incident it opens is held or notified, and then resolved. */
async function failAndRecover(m: TestMonitor) {
  await resetRateWindow(m.id);
  expect((await ping(m.ping_token, "/fail")).status).toBe(200);
  const after = await incidents(m.id);
  expect((await ping(m.ping_token)).status).toBe(200);
  return after[after.length - 1];
}

async function schedule(body: Record<string, unknown>): Promise<number> {
  const res = await call("POST", "/maintenance-windows", {
    token: owner.access,
    body: {
      title: "Planned work",
      starts_at: minutesFrom(-1).toISOString(),
      ends_at: minutesFrom(60).toISOString(),
      ...body,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

describe("a monitor's maintenance windows", () => {
  it("a window naming it holds its failure, and once the window is deleted its pings are plain again", async () => {
    const m = await createMonitor(owner);
    expect(await flags(m.id)).toEqual({ uses_maintenance: 0, uses_dependencies: 0 });
    const window = await schedule({ targets: { cron_monitor_ids: [m.id] } });
    expect((await flags(m.id))!.uses_maintenance).toBe(1);
    expect(await failAndRecover(m)).toEqual({ status: "open", held: 1 });
    expect(await opened(m.id)).toEqual([]);

    expect((await call("DELETE", `/maintenance-windows/${window}`, { token: owner.access })).status).toBe(204);
    expect((await flags(m.id))!.uses_maintenance).toBe(0);
    expect(await failAndRecover(m)).toEqual({ status: "open", held: 0 });
    expect(await opened(m.id)).toHaveLength(1);
  });

  it("a window naming its project holds it once it joins the project, and not after it leaves", async () => {
    const project = await newProject(owner);
    await schedule({ targets: { project_ids: [project.id] } });
    const m = await createMonitor(owner);
    expect((await flags(m.id))!.uses_maintenance).toBe(0);
    const joined = await call("PATCH", `/cron-monitors/${m.id}`, {
      token: owner.access,
      body: { project_id: project.id },
    });
    expect(joined.status, joined.text).toBe(200);
    expect((await flags(m.id))!.uses_maintenance).toBe(1);
    expect(await failAndRecover(m)).toEqual({ status: "open", held: 1 });

    const left = await call("PATCH", `/cron-monitors/${m.id}`, { token: owner.access, body: { project_id: null } });
    expect(left.status, left.text).toBe(200);
    expect((await flags(m.id))!.uses_maintenance).toBe(0);
    expect(await failAndRecover(m)).toEqual({ status: "open", held: 0 });
    expect(await opened(m.id)).toHaveLength(1);

    // Created in the project: covered from its first ping.
    const born = await createMonitor(owner, { project_id: project.id });
    expect((await flags(born.id))!.uses_maintenance).toBe(1);
    expect(await failAndRecover(born)).toEqual({ status: "open", held: 1 });
  });

  it("a window edited to end in the past, or a one-off window whose run the sweep sees end, leaves its monitors plain", async () => {
    const [edited, ended] = await Promise.all([createMonitor(owner), createMonitor(owner)]);
    const first = await schedule({ targets: { cron_monitor_ids: [edited.id] } });
    const patched = await call("PATCH", `/maintenance-windows/${first}`, {
      token: owner.access,
      body: { starts_at: minutesFrom(-30).toISOString(), ends_at: minutesFrom(-10).toISOString() },
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await flags(edited.id))!.uses_maintenance).toBe(0);
    expect(await failAndRecover(edited)).toEqual({ status: "open", held: 0 });

    const end = Date.now() + 1500;
    await schedule({ targets: { cron_monitor_ids: [ended.id] }, ends_at: new Date(end).toISOString() });
    expect((await sweep(new Date(end - 1000))).code).toBe(0); // announces its start
    expect((await flags(ended.id))!.uses_maintenance).toBe(1);
    await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now() + 50))); // the run's real end
    expect((await sweep(null)).code).toBe(0); // announces its end
    expect((await flags(ended.id))!.uses_maintenance).toBe(0);
    expect(await failAndRecover(ended)).toEqual({ status: "open", held: 0 });
  });
});

describe("a monitor's snooze and parents", () => {
  it("a snooze holds its failure, and once released its failure notifies", async () => {
    const m = await createMonitor(owner);
    const snoozed = await call("POST", `/cron-monitors/${m.id}/snooze`, { token: owner.access, body: { minutes: 60 } });
    expect(snoozed.status).toBe(200);
    expect(await failAndRecover(m)).toEqual({ status: "open", held: 1 });
    expect((await call("DELETE", `/cron-monitors/${m.id}/snooze`, { token: owner.access })).status).toBe(200);
    expect(await failAndRecover(m)).toEqual({ status: "open", held: 0 });
    expect(await opened(m.id)).toHaveLength(1);
  });

  it("a parent that is down holds its failure, and once the edge is cut its failure notifies", async () => {
    const parent = await createMonitor(owner);
    const child = await createMonitor(owner, { depends_on: { cron_monitor_ids: [parent.id] } });
    expect((await flags(child.id))!.uses_dependencies).toBe(1);
    expect((await flags(parent.id))!.uses_dependencies).toBe(0);
    expect((await ping(parent.ping_token, "/fail")).status).toBe(200); // the parent stays down
    expect(await failAndRecover(child)).toEqual({ status: "open", held: 1 });

    const cut = await call("PATCH", `/cron-monitors/${child.id}`, {
      token: owner.access,
      body: { depends_on: { cron_monitor_ids: [] } },
    });
    expect(cut.status, cut.text).toBe(200);
    expect((await flags(child.id))!.uses_dependencies).toBe(0);
    expect(await failAndRecover(child)).toEqual({ status: "open", held: 0 });
    expect(await opened(child.id)).toHaveLength(1);

    // Named again by PATCH, then its parent deleted: plain again.
    const named = await call("PATCH", `/cron-monitors/${child.id}`, {
      token: owner.access,
      body: { depends_on: { cron_monitor_ids: [parent.id] } },
    });
    expect(named.status, named.text).toBe(200);
    expect((await flags(child.id))!.uses_dependencies).toBe(1);
    expect((await call("DELETE", `/cron-monitors/${parent.id}`, { token: owner.access })).status).toBe(204);
    expect((await flags(child.id))!.uses_dependencies).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStores, recordCheck } from "../support/check-stores";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { rows, testDb } from "../support/db";
import { baseUrl, call, registerUser, type TestUser } from "../support/http";
import { createMonitor, ping } from "../support/monitors";
import { privateProbe, startTarget } from "../support/probes";
import { setPlan } from "../support/projects";
import { orgIdOf, seedMonitor, sweep } from "../support/sweeper";

// Every path that changes an object's incident asks the same rules and writes through the same
// executor, so the same scenario (the object under a maintenance window, snoozed, under a parent
// that is down, or none of these) gives the same incidents, held flags and notifications whichever
// path acts: a ping, a sweep, a probe result, a service edit, a pause, a member's probe right
// withdrawn, a probe deleted; and the end of the hold (window end, snooze end, parent recovery)
// announces what it held, once. Real server over HTTP, real sweeper processes, real checks against
// a loopback target.

type Scenario = "none" | "maintenance" | "snoozed" | "parent down";
type Obj = { type: "cron_monitor" | "service"; id: number };
/** What a path does: opens an incident, or resolves one that was announced before the scenario began. */
type Effect = "opens" | "resolves";

let owner: TestUser; // the objects' owner (and their notifications' organization)
let lender: TestUser; // an organization lending its private probe to the owner (an admin there)
let lenderCookie: string;
const stores = checkStores();
let failing: Awaited<ReturnType<typeof startTarget>>;
let healthy: Awaited<ReturnType<typeof startTarget>>;
const minutesFrom = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);
const column = (o: Obj) => (o.type === "cron_monitor" ? "cron_monitor_id" : "service_id");

beforeAll(async () => {
  [owner, lender] = await Promise.all([registerUser("paths-owner"), registerUser("paths-lender")]);
  await setPlan(owner, "enterprise");
  await setPlan(lender, "enterprise");
  const joined = await call("POST", `/orgs/${lender.orgSlug}/members`, {
    token: lender.access,
    body: { email: owner.email, role: "admin" },
  });
  expect(joined.status).toBe(201);
  lenderCookie = await dashboardCookie(baseUrl(), lender.email, lender.password);
  failing = await startTarget("error");
  healthy = await startTarget("ok");
});
afterAll(async () => {
  failing.close();
  healthy.close();
  await stores.close();
});

async function service(probeIds: number[] = [], token = owner.access) {
  const res = await call("POST", "/services", {
    token,
    body: { name: "paths", type: "http", config: { url: failing.url, timeout: 5 }, interval: 60, probe_ids: probeIds },
  });
  expect(res.status, res.text).toBe(201);
  return { type: "service" as const, id: res.body.data.id as number };
}

/**
 * An incident announced before the scenario began (the object down, its incident open and notified
 * at an opening a little ahead of the clock, so a resolution that did not wait for it shows).
 */
async function announcedIncident(o: Obj) {
  const orgId = await orgIdOf(owner.orgSlug);
  const opened = minutesFrom(new Date(), 2);
  if (o.type === "service") await testDb().run("UPDATE services SET status = 'down' WHERE id = ?", [o.id]);
  else await testDb().run("UPDATE cron_monitors SET state = 'down' WHERE id = ?", [o.id]);
  const kind = o.type === "service" ? "service_down" : "failed";
  await testDb().run(
    `INSERT INTO incidents (org_id, ${column(o)}, kind, status, reason, opened_at) VALUES (?, ?, ?, 'open', 'down', ?)`,
    [orgId, o.id, kind, opened],
  );
}

const setRole = async (role: string) => {
  const res = await trpcMutation(
    baseUrl(),
    "orgs.changeMember",
    { slug: lender.orgSlug, user_id: owner.id, role },
    { cookie: lenderCookie },
  );
  expect(res.status, res.text).toBe(200);
};

/** A path: how its object is made, and the step that acts (after the scenario is applied). */
type Path = { name: string; effect: Effect; make(): Promise<Obj & { act(): Promise<void> }> };

const paths: Path[] = [
  {
    name: "a failure ping",
    effect: "opens",
    async make() {
      const m = await createMonitor(owner);
      return { type: "cron_monitor", id: m.id, act: async () => void (await ping(m.ping_token, "/fail")) };
    },
  },
  {
    name: "a sweep of missed pings",
    effect: "opens",
    async make() {
      const m = await seedMonitor(owner, {
        state: "up",
        nextExpectedAt: minutesFrom(new Date(), -120),
        graceSeconds: 60,
      });
      return { type: "cron_monitor", id: m.id, act: async () => expect((await sweep(new Date())).code).toBe(0) };
    },
  },
  {
    name: "a failing probe result",
    effect: "opens",
    async make() {
      const probe = await privateProbe(owner, "paths-probe");
      const s = await service([probe.id]);
      const store = stores.open();
      return {
        ...s,
        async act() {
          for (let i = 0; i < 2; i++) {
            const { recorded } = await recordCheck(store, { probeId: probe.id, serviceId: s.id }, { url: failing.url });
            expect(recorded).toEqual([{ accepted: true }]);
          }
        },
      };
    },
  },
  {
    name: "a success ping",
    effect: "resolves",
    async make() {
      const m = await createMonitor(owner);
      const o = { type: "cron_monitor" as const, id: m.id };
      await announcedIncident(o);
      return { ...o, act: async () => void (await ping(m.ping_token)) };
    },
  },
  {
    name: "a passing probe result",
    effect: "resolves",
    async make() {
      const probe = await privateProbe(owner, "paths-probe");
      const s = await service([probe.id]);
      await announcedIncident(s);
      const store = stores.open();
      return {
        ...s,
        async act() {
          const { recorded } = await recordCheck(store, { probeId: probe.id, serviceId: s.id }, { url: healthy.url });
          expect(recorded).toEqual([{ accepted: true }]);
        },
      };
    },
  },
  {
    name: "a service edit (new config)",
    effect: "resolves",
    async make() {
      const s = await service();
      await announcedIncident(s);
      return {
        ...s,
        async act() {
          const res = await call("PATCH", `/services/${s.id}`, {
            token: owner.access,
            body: { config: { url: healthy.url } },
          });
          expect(res.status, res.text).toBe(200);
        },
      };
    },
  },
  {
    name: "a pause",
    effect: "resolves",
    async make() {
      const s = await service();
      await announcedIncident(s);
      return {
        ...s,
        async act() {
          const res = await call("PATCH", `/services/${s.id}`, { token: owner.access, body: { enabled: false } });
          expect(res.status, res.text).toBe(200);
        },
      };
    },
  },
  {
    name: "a member's probe right withdrawn",
    effect: "resolves",
    async make() {
      await setRole("admin");
      const lent = await privateProbe(lender, "paths-lent");
      const s = await service([lent.id]);
      await announcedIncident(s);
      return { ...s, act: () => setRole("member") };
    },
  },
  {
    name: "a probe deleted",
    effect: "resolves",
    async make() {
      const probe = await privateProbe(owner, "paths-doomed");
      const s = await service([probe.id]);
      await announcedIncident(s);
      return {
        ...s,
        async act() {
          const res = await call("DELETE", `/probes/${probe.id}?force=true`, { token: owner.access });
          expect(res.status, res.text).toBe(204);
        },
      };
    },
  },
];

type Seen = {
  status: string;
  held: boolean;
  resolutionHeld: boolean;
  parent: boolean;
  events: string[];
  clamped: boolean;
};

async function seen(o: Obj): Promise<Seen[]> {
  const incidents = await rows<Record<string, unknown>>(
    `SELECT id, status, held, resolution_held, parent_incident_id, opened_at, resolved_at FROM incidents WHERE ${column(o)} = ? ORDER BY id`,
    o.id,
  );
  const outbox = await rows<{ event: string; incident_id: unknown }>(
    `SELECT event, incident_id FROM outbox WHERE ${column(o)} = ? ORDER BY id`,
    o.id,
  );
  return incidents.map((i) => ({
    status: String(i.status),
    held: !!i.held,
    resolutionHeld: !!i.resolution_held,
    parent: i.parent_incident_id !== null,
    events: outbox.filter((e) => Number(e.incident_id) === Number(i.id)).map((e) => e.event),
    clamped: i.resolved_at === null || new Date(String(i.resolved_at)) >= new Date(String(i.opened_at)),
  }));
}

/** The table: what every path must leave, by its effect and the scenario, before and after the hold ends. */
function expected(effect: Effect, scenario: Scenario, phase: "during" | "after"): Seen {
  const held = scenario === "maintenance" || scenario === "snoozed";
  if (effect === "opens") {
    const holding = scenario !== "none" && phase === "during";
    return {
      status: "open",
      held: holding,
      resolutionHeld: false,
      parent: scenario === "parent down",
      events: holding ? [] : ["incident.opened"],
      clamped: true,
    };
  }
  // A parent that is down holds openings, not resolutions.
  const holding = held && phase === "during";
  return {
    status: "resolved",
    held: false,
    resolutionHeld: holding,
    parent: false,
    events: holding ? [] : ["incident.resolved"],
    clamped: true,
  };
}

const scenarios: Scenario[] = ["none", "maintenance", "snoozed", "parent down"];

describe.each(scenarios)("an object %s", (scenario) => {
  const objects = new Map<string, Obj & { act(): Promise<void> }>();
  let parent: { id: number; ping_token: string } | null = null;
  let windowEnd: Date;

  beforeAll(async () => {
    for (const path of paths) objects.set(path.name, await path.make());
    const all = [...objects.values()];
    const ids = (type: Obj["type"]) => all.filter((o) => o.type === type).map((o) => o.id);
    const now = new Date();
    windowEnd = minutesFrom(now, 30);
    if (scenario === "maintenance") {
      const res = await call("POST", "/maintenance-windows", {
        token: owner.access,
        body: {
          title: "Planned work",
          starts_at: minutesFrom(now, -1).toISOString(),
          ends_at: windowEnd.toISOString(),
          targets: { cron_monitor_ids: ids("cron_monitor"), service_ids: ids("service") },
        },
      });
      expect(res.status, res.text).toBe(201);
    } else if (scenario === "snoozed") {
      for (const o of all) {
        const path = o.type === "cron_monitor" ? "cron-monitors" : "services";
        const res = await call("POST", `/${path}/${o.id}/snooze`, { token: owner.access, body: { minutes: 30 } });
        expect(res.status, res.text).toBe(200);
      }
    } else if (scenario === "parent down") {
      parent = await createMonitor(owner);
      await ping(parent.ping_token, "/fail");
      for (const o of all) {
        const path = o.type === "cron_monitor" ? "cron-monitors" : "services";
        const res = await call("PATCH", `/${path}/${o.id}`, {
          token: owner.access,
          body: { depends_on: { cron_monitor_ids: [parent.id] } },
        });
        expect(res.status, res.text).toBe(200);
      }
    }
  });

  it.each(paths.map((p) => [p.name, p] as const))(
    "%s: the same incident, held flags and notifications",
    async (_, path) => {
      const o = objects.get(path.name)!;
      await o.act();
      expect(await seen(o)).toEqual([expected(path.effect, scenario, "during")]);
    },
  );

  if (scenario !== "none")
    it("when the hold ends, every path's held notification goes out once", async () => {
      if (scenario === "maintenance") expect((await sweep(minutesFrom(windowEnd, 1))).code).toBe(0);
      else if (scenario === "snoozed")
        for (const o of objects.values()) {
          const path = o.type === "cron_monitor" ? "cron-monitors" : "services";
          expect((await call("DELETE", `/${path}/${o.id}/snooze`, { token: owner.access })).status).toBe(200);
        }
      else {
        await ping(parent!.ping_token); // the parent recovers; the next sweep announces its children
        expect((await sweep(new Date())).code).toBe(0);
      }
      for (const path of paths)
        expect({ path: path.name, seen: await seen(objects.get(path.name)!) }).toEqual({
          path: path.name,
          seen: [expected(path.effect, scenario, "after")],
        });
    });
});

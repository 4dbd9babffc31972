import { beforeAll, describe, expect, it } from "vitest";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import { baseUrl, call, expectStandardError, registerUser, serviceToken, type TestUser } from "../support/http";
import { createMonitor } from "../support/monitors";
import { newProject, newService } from "../support/projects";

// The maintenance windows' routes: create, read, list with filters, change and delete, on REST and
// on the dashboard's tRPC face; every bad input a 400 VALIDATION_ERROR keyed by its field; roles as
// for other organization resources; another organization sees none of it.
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([registerUser("windows"), registerUser("outsider")]);
});

const minutesFrom = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const wire = (iso: string) => iso.replace(/\.\d{3}Z$/, "Z");

describe("maintenance windows over REST", () => {
  it("creates a one-off window with every kind of target, answers active and its run, and reads it back", async () => {
    const [monitor, service, project] = await Promise.all([createMonitor(owner), newService(owner), newProject(owner)]);
    const starts = minutesFrom(-5);
    const ends = minutesFrom(55);
    const created = await call("POST", "/maintenance-windows", {
      token: owner.access,
      body: {
        title: "Database upgrade",
        description: "v15 to v16",
        starts_at: starts,
        ends_at: ends,
        targets: { cron_monitor_ids: [monitor.id], service_ids: [service.id], project_ids: [project.id] },
      },
    });
    expect(created.status).toBe(201);
    const w = created.body.data;
    expect(w).toMatchObject({
      title: "Database upgrade",
      description: "v15 to v16",
      starts_at: wire(starts),
      ends_at: wire(ends),
      schedule: null,
      timezone: null,
      duration_minutes: null,
      targets: { cron_monitor_ids: [monitor.id], service_ids: [service.id], project_ids: [project.id] },
      active: true,
      next_starts_at: wire(starts),
      next_ends_at: wire(ends),
    });
    expect((await call("GET", `/maintenance-windows/${w.id}`, { token: owner.access })).body.data).toEqual(w);
    expect((await call("GET", `/cron-monitors/${monitor.id}`, { token: owner.access })).body.data.maintenance).toEqual({
      window_id: w.id,
      ends_at: wire(ends),
    });
    expect((await call("GET", `/services/${service.id}`, { token: owner.access })).body.data.maintenance).toEqual({
      window_id: w.id,
      ends_at: wire(ends),
    });
  });

  it("creates a recurring window whose run is the next fire time of its schedule in its zone, for its duration", async () => {
    const monitor = await createMonitor(owner);
    const created = await call("POST", "/maintenance-windows", {
      token: owner.access,
      body: {
        title: "Nightly backup",
        schedule: "0 3 * * *",
        timezone: "Europe/Berlin",
        duration_minutes: 90,
        targets: { cron_monitor_ids: [monitor.id] },
      },
    });
    expect(created.status).toBe(201);
    const w = created.body.data;
    expect(w).toMatchObject({
      schedule: "0 3 * * *",
      timezone: "Europe/Berlin",
      duration_minutes: 90,
      starts_at: null,
      ends_at: null,
    });
    const start = Date.parse(w.next_starts_at);
    expect(Date.parse(w.next_ends_at) - start).toBe(90 * 60_000);
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Berlin",
      hour: "2-digit",
      minute: "2-digit",
    }).format(new Date(start));
    expect(local).toBe("03:00");
    expect(w.active).toBe(start <= Date.now());
  });

  it("lists the organization's windows, filtered by active and upcoming", async () => {
    const monitor = await createMonitor(owner);
    const targets = { cron_monitor_ids: [monitor.id] };
    const make = async (title: string, starts: number, ends: number) =>
      (
        await call("POST", "/maintenance-windows", {
          token: owner.access,
          body: { title, starts_at: minutesFrom(starts), ends_at: minutesFrom(ends), targets },
        })
      ).body.data.id as number;
    const running = await make("running", -10, 10);
    const upcoming = await make("upcoming", 60, 120);
    const past = await make("past", -120, -60);
    const ids = async (query: string) =>
      ((await call("GET", `/maintenance-windows${query}`, { token: owner.access })).body.data as { id: number }[]).map(
        (w) => w.id,
      );
    const all = await ids("");
    expect(all).toEqual(expect.arrayContaining([running, upcoming, past]));
    expect(await ids("?active=true")).toContain(running);
    expect(await ids("?active=true")).not.toContain(upcoming);
    expect(await ids("?active=false")).toEqual(expect.arrayContaining([upcoming, past]));
    expect(await ids("?upcoming=true")).toContain(upcoming);
    expect(await ids("?upcoming=true")).not.toContain(running);
    expect(await ids("?upcoming=true")).not.toContain(past);
    expect(await ids("?active=false&upcoming=false")).toContain(past);
    expectStandardError(
      await call("GET", "/maintenance-windows?active=maybe", { token: owner.access }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("changes fields with PATCH, switches a one-off window to recurring when the one-off fields are cleared, and deletes it", async () => {
    const monitor = await createMonitor(owner);
    const w = (
      await call("POST", "/maintenance-windows", {
        token: owner.access,
        body: {
          title: "One",
          starts_at: minutesFrom(10),
          ends_at: minutesFrom(20),
          targets: { cron_monitor_ids: [monitor.id] },
        },
      })
    ).body.data;
    const renamed = await call("PATCH", `/maintenance-windows/${w.id}`, {
      token: owner.access,
      body: { title: "Two" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ title: "Two", starts_at: w.starts_at });
    expectStandardError(
      await call("PATCH", `/maintenance-windows/${w.id}`, {
        token: owner.access,
        body: { schedule: "0 * * * *", duration_minutes: 5 },
      }),
      400,
      "VALIDATION_ERROR",
    );
    const switched = await call("PATCH", `/maintenance-windows/${w.id}`, {
      token: owner.access,
      body: { starts_at: null, ends_at: null, schedule: "0 * * * *", duration_minutes: 5 },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({
      starts_at: null,
      ends_at: null,
      schedule: "0 * * * *",
      timezone: "UTC",
      duration_minutes: 5,
    });
    const back = await call("PATCH", `/maintenance-windows/${w.id}`, {
      token: owner.access,
      body: { schedule: null, duration_minutes: null, starts_at: minutesFrom(30), ends_at: minutesFrom(40) },
    });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ schedule: null, timezone: null, duration_minutes: null, active: false });
    const project = await newProject(owner);
    const retargeted = await call("PATCH", `/maintenance-windows/${w.id}`, {
      token: owner.access,
      body: { targets: { project_ids: [project.id] } },
    });
    expect(retargeted.body.data.targets).toEqual({ cron_monitor_ids: [], service_ids: [], project_ids: [project.id] });

    const deleted = await call("DELETE", `/maintenance-windows/${w.id}`, { token: owner.access });
    expect(deleted.status).toBe(204);
    expectStandardError(await call("GET", `/maintenance-windows/${w.id}`, { token: owner.access }), 404, "NOT_FOUND");
    expectStandardError(
      await call("DELETE", `/maintenance-windows/${w.id}`, { token: owner.access }),
      404,
      "NOT_FOUND",
    );
  });

  it("refuses bad input with 400 VALIDATION_ERROR keyed by the field, and stores nothing", async () => {
    const monitor = await createMonitor(owner);
    const strangers = await createMonitor(stranger);
    const targets = { cron_monitor_ids: [monitor.id] };
    const once = { starts_at: minutesFrom(10), ends_at: minutesFrom(20) };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "x", ...once }, "targets"],
      [{ title: "x", ...once, targets: {} }, "targets"],
      [{ title: "", ...once, targets }, "title"],
      [{ title: "x", targets }, "starts_at"],
      [{ title: "x", starts_at: once.starts_at, targets }, "ends_at"],
      [{ title: "x", starts_at: once.ends_at, ends_at: once.starts_at, targets }, "ends_at"],
      [{ title: "x", ...once, schedule: "0 * * * *", duration_minutes: 5, targets }, "schedule"],
      [{ title: "x", schedule: "0 * * * *", targets }, "duration_minutes"],
      [{ title: "x", schedule: "not a cron", duration_minutes: 5, targets }, "schedule"],
      [{ title: "x", schedule: "0 * * * *", timezone: "Mars/Olympus", duration_minutes: 5, targets }, "timezone"],
      [{ title: "x", schedule: "0 * * * *", duration_minutes: 0, targets }, "duration_minutes"],
      [{ title: "x", starts_at: "tomorrow", ends_at: once.ends_at, targets }, "starts_at"],
      [{ title: "x", ...once, targets: { cron_monitor_ids: [strangers.id] } }, "targets.cron_monitor_ids"],
      [{ title: "x", ...once, targets: { project_ids: [2_147_483_647] } }, "targets.project_ids"],
      [{ title: "a\u0000b", ...once, targets }, "title"],
    ];
    const before = (await call("GET", "/maintenance-windows", { token: owner.access })).body.data.length;
    for (const [body, field] of cases) {
      const answer = await call("POST", "/maintenance-windows", { token: owner.access, body });
      expectStandardError(answer, 400, "VALIDATION_ERROR");
      expect(Object.keys(answer.body.error.details ?? {}), JSON.stringify(body)).toContain(field);
    }
    expectStandardError(
      await call("POST", "/maintenance-windows", {
        token: owner.access,
        body: { title: "x", ...once, targets, extra: 1 },
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect((await call("GET", "/maintenance-windows", { token: owner.access })).body.data.length).toBe(before);
  });

  it("lets a view-only token read but not create, change or delete (403)", async () => {
    const monitor = await createMonitor(owner);
    const w = (
      await call("POST", "/maintenance-windows", {
        token: owner.access,
        body: {
          title: "w",
          starts_at: minutesFrom(10),
          ends_at: minutesFrom(20),
          targets: { cron_monitor_ids: [monitor.id] },
        },
      })
    ).body.data;
    const viewer = await serviceToken(owner, ["cronmonitor.view"]);
    expect((await call("GET", `/maintenance-windows/${w.id}`, { token: viewer })).status).toBe(200);
    expect((await call("GET", "/maintenance-windows", { token: viewer })).status).toBe(200);
    expectStandardError(
      await call("POST", "/maintenance-windows", {
        token: viewer,
        body: {
          title: "w",
          starts_at: minutesFrom(10),
          ends_at: minutesFrom(20),
          targets: { cron_monitor_ids: [monitor.id] },
        },
      }),
      403,
      "FORBIDDEN",
    );
    expectStandardError(
      await call("PATCH", `/maintenance-windows/${w.id}`, { token: viewer, body: { title: "v" } }),
      403,
      "FORBIDDEN",
    );
    expectStandardError(await call("DELETE", `/maintenance-windows/${w.id}`, { token: viewer }), 403, "FORBIDDEN");
    const editor = await serviceToken(owner, ["cronmonitor.view", "cronmonitor.create", "cronmonitor.edit"]);
    expect(
      (await call("PATCH", `/maintenance-windows/${w.id}`, { token: editor, body: { title: "edited" } })).status,
    ).toBe(200);
  });

  it("keeps organizations apart: another organization's window is 404 to read, change and delete, and absent from its list", async () => {
    const monitor = await createMonitor(owner);
    const w = (
      await call("POST", "/maintenance-windows", {
        token: owner.access,
        body: {
          title: "mine",
          starts_at: minutesFrom(-1),
          ends_at: minutesFrom(20),
          targets: { cron_monitor_ids: [monitor.id] },
        },
      })
    ).body.data;
    expectStandardError(
      await call("GET", `/maintenance-windows/${w.id}`, { token: stranger.access }),
      404,
      "NOT_FOUND",
    );
    expectStandardError(
      await call("PATCH", `/maintenance-windows/${w.id}`, { token: stranger.access, body: { title: "theirs" } }),
      404,
      "NOT_FOUND",
    );
    expectStandardError(
      await call("DELETE", `/maintenance-windows/${w.id}`, { token: stranger.access }),
      404,
      "NOT_FOUND",
    );
    const theirs = (await call("GET", "/maintenance-windows", { token: stranger.access })).body.data as {
      id: number;
    }[];
    expect(theirs.map((x) => x.id)).not.toContain(w.id);
    // Their own window cannot name my monitor, service or project either.
    const [service, project] = await Promise.all([newService(owner), newProject(owner)]);
    for (const targets of [
      { cron_monitor_ids: [monitor.id] },
      { service_ids: [service.id] },
      { project_ids: [project.id] },
    ]) {
      expectStandardError(
        await call("POST", "/maintenance-windows", {
          token: stranger.access,
          body: { title: "x", starts_at: minutesFrom(-1), ends_at: minutesFrom(5), targets },
        }),
        400,
        "VALIDATION_ERROR",
      );
    }
    expect((await call("GET", `/maintenance-windows/${w.id}`, { token: owner.access })).body.data.title).toBe("mine");
  });
});

describe("maintenance windows on the dashboard's tRPC face", () => {
  it("creates and lists windows, refuses bad input with 400 VALIDATION_ERROR and another organization's window with 404", async () => {
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const project = await newProject(owner);
    const created = await trpcMutation(
      baseUrl(),
      "maintenance.create",
      {
        title: "Via dashboard",
        starts_at: minutesFrom(-1),
        ends_at: minutesFrom(30),
        targets: { project_ids: [project.id] },
      },
      { cookie },
    );
    expect(created.status).toBe(200);
    const id = created.body.result.data.data.id as number;
    const listed = await trpcQuery(baseUrl(), "maintenance.list", { active: "true" }, { cookie });
    expect(listed.status).toBe(200);
    expect((listed.body.result.data.data as { id: number }[]).map((w) => w.id)).toContain(id);
    for (const input of [
      { title: "x", targets: { project_ids: [project.id] } },
      { title: "x", schedule: "bad", duration_minutes: 5, targets: { project_ids: [project.id] } },
    ]) {
      const refused = await trpcMutation(baseUrl(), "maintenance.create", input, { cookie });
      expect(refused.status).toBe(400);
      expect(refused.body.error.data.appCode).toBe("VALIDATION_ERROR");
    }
    const strangerCookie = await dashboardCookie(baseUrl(), stranger.email, stranger.password);
    expect((await trpcQuery(baseUrl(), "maintenance.get", { id }, { cookie: strangerCookie })).status).toBe(404);
    expect((await trpcMutation(baseUrl(), "maintenance.delete", { id }, { cookie: strangerCookie })).status).toBe(404);
  });
});

// Recurring windows are bounded (docs/limits.md): Free 5 per organization, runs of at least 5
// minutes starting at least 60 minutes apart. The attack they stop: `* * * * *` with 1-minute runs,
// and more of them than a page can afford to read.
describe("how many recurring windows, how long and how close", () => {
  it("refuses every-minute runs and 1-minute runs with 400 keyed by the field, on REST and tRPC", async () => {
    const user = await registerUser("dense");
    const monitor = await createMonitor(user);
    const targets = { cron_monitor_ids: [monitor.id] };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "x", schedule: "* * * * *", duration_minutes: 1, targets }, "duration_minutes"],
      [{ title: "x", schedule: "* * * * *", duration_minutes: 5, targets }, "schedule"],
      [{ title: "x", schedule: "0,30 * * * *", duration_minutes: 5, targets }, "schedule"],
      [{ title: "x", schedule: "0 * * * *", duration_minutes: 4, targets }, "duration_minutes"],
    ];
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    for (const [body, field] of cases) {
      const answer = await call("POST", "/maintenance-windows", { token: user.access, body });
      expectStandardError(answer, 400, "VALIDATION_ERROR");
      expect(Object.keys(answer.body.error.details ?? {}), JSON.stringify(body)).toEqual([field]);
      const refused = await trpcMutation(baseUrl(), "maintenance.create", body, { cookie });
      expect(refused.status).toBe(400);
      expect(refused.body.error.data.appCode).toBe("VALIDATION_ERROR");
    }
    const spaced = await call("POST", "/maintenance-windows", { token: user.access, body: cases[1]![0] });
    expect(spaced.body.error.message).toMatch(/at least 60 minutes apart/);
    // The densest schedule allowed: hourly runs of 5 minutes.
    const hourly = { title: "hourly", schedule: "0 * * * *", duration_minutes: 5, targets };
    expect((await call("POST", "/maintenance-windows", { token: user.access, body: hourly })).status).toBe(201);
    expect((await call("GET", "/maintenance-windows", { token: user.access })).body.data).toHaveLength(1);
  });

  it("lets 5 of 20 concurrent recurring windows through on the Free plan, the others 403 PLAN_LIMIT_REACHED, on REST and tRPC", async () => {
    const user = await registerUser("many-windows");
    const monitor = await createMonitor(user);
    const body = (i: number) => ({
      title: `nightly ${i}`,
      schedule: `${i} 2 * * *`,
      duration_minutes: 30,
      targets: { cron_monitor_ids: [monitor.id] },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call("POST", "/maintenance-windows", { token: user.access, body: body(i) })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(15);
    for (const r of refused) expectStandardError(r, 403, "PLAN_LIMIT_REACHED");
    expect(refused[0]!.body.error.message).toBe(
      "Your plan allows 5 recurring maintenance windows; delete one or upgrade the plan",
    );
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    const viaTrpc = await trpcMutation(baseUrl(), "maintenance.create", body(21), { cookie });
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.body.error.data.appCode).toBe("PLAN_LIMIT_REACHED");
    // One-off windows are not counted; turning one into a recurring window is.
    const once = await call("POST", "/maintenance-windows", {
      token: user.access,
      body: {
        title: "once",
        starts_at: minutesFrom(10),
        ends_at: minutesFrom(20),
        targets: { cron_monitor_ids: [monitor.id] },
      },
    });
    expect(once.status).toBe(201);
    expectStandardError(
      await call("PATCH", `/maintenance-windows/${once.body.data.id}`, {
        token: user.access,
        body: { starts_at: null, ends_at: null, schedule: "0 3 * * *", duration_minutes: 30 },
      }),
      403,
      "PLAN_LIMIT_REACHED",
    );
    const listed = (await call("GET", "/maintenance-windows", { token: user.access })).body.data as {
      schedule: string | null;
    }[];
    expect(listed.filter((w) => w.schedule !== null)).toHaveLength(5);
    // A freed slot can be used again.
    const first = answers.find((a) => a.status === 201)!.body.data.id;
    expect((await call("DELETE", `/maintenance-windows/${first}`, { token: user.access })).status).toBe(204);
    expect((await call("POST", "/maintenance-windows", { token: user.access, body: body(22) })).status).toBe(201);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEngineDb } from "./engine-db";

/**
 * Statement budgets of the hot REST requests and of the dashboard's monitor list and detail: each
 * request runs through the real handler on a migrated database of one engine (50 monitors with 5
 * runs each), and every SQL statement sent to the database is counted, Prisma's and the API store's
 * alike (on PostgreSQL every round trip, transaction control included). A request that grows past
 * its budget (an N+1, an extra lookup, a transaction where one statement does) fails here.
 */
export const BUDGETS = {
  health: 1,
  getMonitor: 2, // caller and organization, monitor with its run figures
  list50: 3, // caller and organization, page with total, run figures
  // caller and organization (with the actor's name for the audit entry); the insert (guarded by the plan limit where
  // the plan has one) with its audit entry: on PostgreSQL one statement, on SQLite two in one transaction
  create: 3,
  dashboardList: 3, // the same with the state, project and name search filters
  // session; total; page; its probes, parents and projects (Prisma's relation reads); the owner's organization;
  // its windows with a run (their targets only when there are some): the same whatever the page holds; a name
  // search one more (the matching ids)
  dashboardServices: 8,
  dashboardDetail: 2,
  serviceStatus: 2, // caller, service with its probe lanes
  /**
   * A plain success ping (a monitor with no window, snooze or parent), one fewer than at 2f518e5 before
   * those features: SQLite 8 (BEGIN IMMEDIATE, savepoint, the monitor with its open incident, open run,
   * run insert, monitor update, release, COMMIT; 2f518e5 also sent the resolve when nothing was open),
   * PostgreSQL 5 (BEGIN, lock, read, write, COMMIT).
   */
  plainPing: { SQLite: 8, PostgreSQL: 5 } as Record<string, number>,
  // caller and organization; monitor and service counts; failing monitors, failing services; open incidents and
  // the last day's; windows; the names of the listed incidents' monitors and services (one read per kind, none
  // without incidents)
  overview: 10,
};

export type CountedDatabase = {
  /** The database's URL, migrated and empty. */
  databaseUrl: string;
  /** Starts counting every statement the process sends to the database into `log`. */
  count(log: (sql: string) => void): Promise<void>;
  close(): Promise<void>;
};

export function statementBudgetSuite(engine: string, open: () => Promise<CountedDatabase>) {
  let database: CountedDatabase;
  let statements: string[] = [];
  let token = "";
  let monitorId = 0;
  let serviceId = 0;
  let session = { userId: 0, sessionId: "budget-session" };
  let handleRest: typeof import("../../src/server/api/http/rest-handler").handleRest;
  let dashboard: () => ReturnType<typeof import("../../src/server/api/root").appRouter.createCaller>;

  beforeAll(async () => {
    database = await open();
    const { migrate } = await import("../../src/server/migrate");
    await migrate(database.databaseUrl);
    const seed = openEngineDb(database.databaseUrl);
    const now = new Date();
    await seed.transaction(async (tx) => {
      const org = await tx.one<{ id: number }>(
        `INSERT INTO organizations (slug, name, plan) VALUES ('acme', 'Acme', 'enterprise') RETURNING id`,
      );
      const user = await tx.one<{ id: number }>(
        `INSERT INTO users (email, password_hash, default_org_id, created_at, updated_at) VALUES ('a@example.com', 'x', ?, ?, ?) RETURNING id`,
        [org!.id, now, now],
      );
      await tx.run(`INSERT INTO memberships (org_id, user_id, role) VALUES (?, ?, 'owner')`, [org!.id, user!.id]);
      await tx.run(`INSERT INTO sessions (id, user_id, refresh_hash, expires_at) VALUES (?, ?, 'r', ?)`, [
        session.sessionId,
        user!.id,
        new Date(now.getTime() + 3600_000),
      ]);
      session = { ...session, userId: Number(user!.id) };
      const service = await tx.one<{ id: number }>(
        `INSERT INTO services (user_id, name, type, interval, config, status, status_since, updated_at) VALUES (?, 'api', 'http', 60, '{"url":"http://127.0.0.1:9/"}', 'operational', ?, ?) RETURNING id`,
        [user!.id, now, now],
      );
      serviceId = Number(service!.id);
      await tx.run(
        `INSERT INTO service_lanes (service_id, lane, slot, due_at, leasable_at, outcome, response_time_ms, consecutive_failures, result_at) VALUES (?, 0, 7, ?, ?, 'up', 12.5, 0, ?)`,
        [serviceId, new Date(now.getTime() + 60_000), new Date(now.getTime() + 60_000), now],
      );
      for (let m = 0; m < 50; m++) {
        const monitor = await tx.one<{ id: number }>(
          `INSERT INTO cron_monitors (org_id, name, schedule_kind, cron_expression, ping_token, updated_at) VALUES (?, ?, 'cron', '*/5 * * * *', ?, ?) RETURNING id`,
          [org!.id, `m${m}`, `token-${m}`.padEnd(43, "x"), now],
        );
        monitorId = Number(monitor!.id);
        for (let r = 0; r < 5; r++) {
          await tx.run(
            `INSERT INTO cron_runs (monitor_id, rid, status, started_at, duration_ms) VALUES (?, ?, 'success', ?, ?)`,
            [monitorId, `rid-${r}`, new Date(now.getTime() - r * 60_000), 1000 + r],
          );
        }
      }
    });
    await seed.close();
    await database.count((sql) => statements.push(sql));

    ({ handleRest } = await import("../../src/server/api/http/rest-handler"));
    const { appRouter } = await import("../../src/server/api/root");
    const { createContext } = await import("../../src/server/api/context");
    dashboard = () =>
      appRouter.createCaller(
        createContext({ headers: new Headers(), channel: "dashboard", dashboardSession: session }),
      );
    const { signAccessToken } = await import("../../src/server/auth/tokens");
    token = await signAccessToken(session.userId, session.sessionId, new Date());
  }, 120_000); // a PostgreSQL cluster, and loading the whole router under a busy machine

  afterAll(async () => {
    await database?.close();
  });

  async function counted<T>(work: () => Promise<T>): Promise<{ result: T; count: number; sql: string[] }> {
    await work(); // warm: caches and prepared statements are made once per process
    statements = [];
    const result = await work();
    expect(statements.length, "the counting hooks see the request's statements").toBeGreaterThan(0);
    return { result, count: statements.length, sql: statements };
  }

  const rest = (method: string, route: string, body?: unknown) => async () => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await handleRest(
      new Request(`http://127.0.0.1/api/v1${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, body: await res.json() };
  };

  describe(`SQL statements per request stay within budget (${engine})`, () => {
    it("GET /api/v1/health", async () => {
      const { result, count } = await counted(rest("GET", "/health"));
      expect(result.status).toBe(200);
      expect(count).toBeLessThanOrEqual(BUDGETS.health);
    });

    it("GET /api/v1/cron-monitors/{id} with its recent runs; a plain monitor's answer reads no window or parent", async () => {
      const { result, count, sql } = await counted(rest("GET", `/cron-monitors/${monitorId}`));
      expect(result.status).toBe(200);
      expect(result.body.data.recent_runs).toHaveLength(5);
      expect(result.body.data).toMatchObject({
        maintenance: null,
        depends_on: { cron_monitor_ids: [], service_ids: [] },
      });
      expect(count, sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.getMonitor);
      // The shown window and parents are read behind the monitor's flags, as its pings read them.
      const read = sql.find((q) => q.includes("maintenance_targets"))!;
      expect(read).toMatch(/CASE WHEN \S+\.uses_maintenance THEN \(SELECT/);
      expect(read).toMatch(/CASE WHEN \S+\.uses_dependencies THEN \(SELECT/);
    });

    it("GET /api/v1/cron-monitors?limit=50 costs the same as a page of 5", async () => {
      const large = await counted(rest("GET", "/cron-monitors?limit=50"));
      const small = await counted(rest("GET", "/cron-monitors?limit=5"));
      expect(large.result.body.data).toHaveLength(50);
      expect(large.result.body.data.every((m: { recent_runs: unknown[] }) => m.recent_runs.length === 5)).toBe(true);
      expect(large.count, large.sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.list50);
      expect(large.count).toBe(small.count);
    });

    it("POST /api/v1/cron-monitors", async () => {
      let n = 0;
      const { result, count, sql } = await counted(() =>
        rest("POST", "/cron-monitors", { name: `budget ${n++}`, schedule_kind: "period", period_seconds: 3600 })(),
      );
      expect(result.status).toBe(201);
      expect(count, sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.create);
      expect(
        sql.filter((q) => /INSERT INTO "?audit_entries/.test(q)),
        "the create's audit entry is among them",
      ).toHaveLength(1);
    });

    it("GET /api/v1/services/{id}/status with its probe lanes", async () => {
      const { result, count, sql } = await counted(rest("GET", `/services/${serviceId}/status`));
      expect(result.status).toBe(200);
      expect(result.body.data).toMatchObject({
        id: serviceId,
        status: "operational",
        probes: [{ probe_id: null, outcome: "up", response_time_ms: 12.5 }],
      });
      expect(count, sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.serviceStatus);
    });

    it("a plain ping (no window, snooze, parent or run rule) costs what it cost before those features, and reads no window or parent; run rules add no statement", async () => {
      const { processPingStore } = await import("../../src/server/ping/store");
      const store = processPingStore();
      const success = () =>
        store.record({
          target: { token: `token-3`.padEnd(43, "x") },
          kind: "success",
          exitCode: 0,
          rid: null,
          log: null,
          source: "shell",
          meta: null,
          rateCapped: false,
          now: new Date(),
        });
      const { result, count, sql } = await counted(success);
      expect(result.outcome).toBe("accepted");
      expect(count, sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.plainPing[engine]!);
      // The window and parent subqueries are behind the monitor's flags, which are off.
      const read = sql.find((q) => q.includes("maintenance_until"))!;
      expect(read).toMatch(/CASE WHEN \S+\.uses_maintenance THEN/);
      expect(read).toMatch(/CASE WHEN \S+\.uses_dependencies THEN/);

      // A monitor with run rules: they and what they remember are columns of the row the ping reads
      // and writes already, so its ping costs the same statements (a log would be judged in memory).
      const { db } = await import("../../src/server/db");
      await db().cronMonitor.update({
        where: { pingToken: `token-7`.padEnd(43, "x") },
        data: {
          runRules: JSON.stringify({
            failure_threshold: 3,
            recovery_threshold: 2,
            failure_keywords: ["ERROR"],
            min_runtime_seconds: 1,
            max_runs_per_period: 1000,
          }),
        },
      });
      const ruled = await counted(() =>
        store.record({
          target: { token: `token-7`.padEnd(43, "x") },
          kind: "success",
          exitCode: 0,
          rid: null,
          log: null,
          source: "shell",
          meta: null,
          rateCapped: false,
          now: new Date(),
        }),
      );
      expect(ruled.result.outcome).toBe("accepted");
      expect(ruled.count, ruled.sql.join("\n---\n")).toBe(count);
    });

    it("the dashboard's monitor list and detail", async () => {
      const list = await counted(() => dashboard().cronMonitors.list({ page: 1, limit: 50 }));
      expect(list.result.data).toHaveLength(50);
      expect(list.count, list.sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.dashboardList);
      const detail = await counted(() => dashboard().cronMonitors.get({ id: monitorId }));
      expect(detail.result.data.id).toBe(monitorId);
      expect(detail.count, detail.sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.dashboardDetail);
    });

    it("the dashboard's monitor list searched by name and filtered costs what the plain list costs", async () => {
      const plain = await counted(() => dashboard().cronMonitors.list({ page: 1, limit: 20 }));
      const searched = await counted(() =>
        dashboard().cronMonitors.list({ search: "M4", state: "new", project: "null", page: 1, limit: 20 }),
      );
      // m4 and m40 to m49, in any case, on both engines.
      expect(searched.result.data.map((m) => m.name)).toEqual([
        "m4",
        ...Array.from({ length: 10 }, (_, i) => `m4${i}`),
      ]);
      expect(searched.result.meta.total).toBe(11);
      expect(searched.count, searched.sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.dashboardList);
      expect(searched.count).toBe(plain.count);
      const page2 = await counted(() => dashboard().cronMonitors.list({ search: "m", page: 2, limit: 20 }));
      expect(page2.result.data[0]!.name).toBe("m20");
      expect(page2.count).toBe(plain.count);
    });

    it("the dashboard's services list, searched by name and filtered by status, within its budget", async () => {
      const plain = await counted(() => dashboard().services.list({ page: 1, limit: 20 }));
      expect(plain.result.data.map((s) => s.name)).toEqual(["api"]);
      expect(plain.count, plain.sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.dashboardServices);
      const searched = await counted(() =>
        dashboard().services.list({ search: "AP", status: "operational", page: 1, limit: 20 }),
      );
      expect(searched.result.data.map((s) => s.name)).toEqual(["api"]);
      expect(searched.count, "a search reads the matching ids first").toBe(plain.count + 1);
      const none = await dashboard().services.list({ search: "a_i", page: 1, limit: 20 });
      expect(none.meta.total, "_ is a plain character, not a wildcard").toBe(0);
    });

    it("a dashboard render reads its session once for the layout and every query of its first screen; a mutation reads it afresh", async () => {
      const { createContext } = await import("../../src/server/api/context");
      const { appRouter } = await import("../../src/server/api/root");
      const { dashboardUser } = await import("../../src/server/services/accounts/session-access");
      const sessionReads = (sql: string[]) => sql.filter((q) => /FROM\s+("?main"?\.)?"?sessions"?\s/i.test(q));
      // One request: the layout's user and the monitors list's queries (navigation, page, projects).
      const render = async () => {
        const ctx = createContext({ headers: new Headers(), channel: "dashboard", dashboardSession: session });
        const caller = appRouter.createCaller(ctx);
        const user = await dashboardUser(ctx);
        const [orgs, monitors, projects] = await Promise.all([
          caller.orgs.list(),
          caller.cronMonitors.list({ page: 1, limit: 20 }),
          caller.projects.list(),
        ]);
        return { user, orgs, monitors, projects, caller };
      };
      const { result, sql } = await counted(render);
      expect(result.user?.email).toBe("a@example.com");
      expect(result.orgs.data.map((o) => o.slug)).toEqual(["acme"]);
      expect(result.monitors.data).toHaveLength(20);
      expect(result.projects.data).toEqual([]);
      expect(sessionReads(sql), sql.join("\n---\n")).toHaveLength(1);

      statements = [];
      const created = await result.caller.projects.create({ name: "Budget" });
      expect(created.data.name).toBe("Budget");
      expect(sessionReads(statements), "the mutation read its session itself").toHaveLength(1);
      await result.caller.projects.delete({ id: created.data.id });
    });

    it("the dashboard's overview with 50 monitors, within its budget", async () => {
      const overview = await counted(() => dashboard().overview.get({}));
      expect(overview.result.cron_monitors.total).toBeGreaterThanOrEqual(50);
      expect(overview.count, overview.sql.join("\n---\n")).toBeLessThanOrEqual(BUDGETS.overview);
    });
  });
}

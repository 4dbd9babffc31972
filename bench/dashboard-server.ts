// `npm run bench:dashboard-server`: the server's share of the dashboard's first screens, in process
// and on both engines (SQLite file, throwaway PostgreSQL cluster): the procedures each page answers
// during its server render (src/components/first-screen.ts), with the layout's session and
// organization list, at BENCH_MONITORS cron monitors (default 10,000; 5 runs each) and BENCH_SERVICES
// services (default 1,000). For each page: the median time of its procedures run as the render runs
// them (in parallel), over BENCH_LOADS rounds after a warm-up, the SQL statements they send, and the
// size of the data handed to the browser. Prints a table (docs/performance.md quotes it).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startBenchPg } from "./pg";
import { machine } from "./lib";
import { openEngineDb } from "../tests/support/engine-db";

const LOADS = Math.min(Number(process.env.BENCH_LOADS ?? 9), 50);
const MONITORS = Math.max(1, Number(process.env.BENCH_MONITORS ?? 10_000));
const SERVICES = Math.max(1, Number(process.env.BENCH_SERVICES ?? 1_000));
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgresql").split(",");

/** Seeds one organization as bench/dashboard.ts does (states spread; 5 runs each, the fourth failed). */
async function seed(databaseUrl: string): Promise<{ userId: number; monitorId: number }> {
  const db = openEngineDb(databaseUrl);
  const now = Date.now();
  const states = ["down", "late", "paused", "new"];
  let userId = 0;
  let monitorId = 0;
  await db.transaction(async (tx) => {
    const org = await tx.one<{ id: number }>(
      `INSERT INTO organizations (slug, name, plan) VALUES ('bench', 'Bench', 'enterprise') RETURNING id`,
    );
    const user = await tx.one<{ id: number }>(
      `INSERT INTO users (email, password_hash, default_org_id, created_at, updated_at) VALUES ('bench@example.com', 'x', ?, ?, ?) RETURNING id`,
      [org!.id, new Date(now), new Date(now)],
    );
    userId = Number(user!.id);
    await tx.run(`INSERT INTO memberships (org_id, user_id, role) VALUES (?, ?, 'owner')`, [org!.id, userId]);
    const CHUNK = 500;
    for (let start = 0; start < MONITORS; start += CHUNK) {
      const rows: unknown[][] = [];
      for (let i = start; i < Math.min(MONITORS, start + CHUNK); i++) {
        const state = states[i % 20] ?? "up";
        const paused = state === "paused";
        rows.push([
          org!.id,
          `job ${i}`,
          paused ? "up" : state,
          new Date(now - (i % 600) * 60_000),
          paused,
          state === "down" ? "fail" : state === "new" ? null : "success",
          `token-${i}`.padEnd(43, "x"),
          new Date(now),
        ]);
      }
      const ids = await tx.query<{ id: number; state: string; last_run_status: string | null }>(
        `INSERT INTO cron_monitors (org_id, name, state, state_since, paused, last_run_status, ping_token, updated_at, schedule_kind, period_seconds)
         VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, 'period', 3600)").join(", ")} RETURNING id, state, last_run_status`,
        rows.flat(),
      );
      const runs: unknown[][] = [];
      for (const m of ids) {
        monitorId = Number(m.id);
        if (m.state === "new") continue;
        for (let r = 0; r < 5; r++) {
          const started = now - (5 - r) * 3_600_000;
          runs.push([
            m.id,
            `rid-${r}`,
            r === 3 ? "fail" : "success",
            new Date(started),
            new Date(started + 1000 + r * 100),
            r === 3 ? 1 : 0,
            1000 + r * 100,
          ]);
        }
      }
      await tx.run(
        `INSERT INTO cron_runs (monitor_id, rid, status, started_at, finished_at, exit_code, duration_ms) VALUES ${runs.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        runs.flat(),
      );
    }
    const statuses = ["down", "degraded", "paused", "pending"];
    for (let start = 0; start < SERVICES; start += 500) {
      const rows: unknown[][] = [];
      for (let i = start; i < Math.min(SERVICES, start + 500); i++) {
        const status = statuses[i % 25] ?? "operational";
        rows.push([userId, `service ${i}`, status !== "paused", status, new Date(now - i * 60_000), new Date(now)]);
      }
      await tx.run(
        `INSERT INTO services (user_id, name, type, interval, config, enabled, status, status_since, updated_at)
         VALUES ${rows.map(() => `(?, ?, 'http', 60, '{"url":"http://127.0.0.1:9/"}', ?, ?, ?, ?)`).join(", ")}`,
        rows.flat(),
      );
    }
  });
  await db.run(db.kind === "sqlite" ? "ANALYZE" : "VACUUM ANALYZE").catch(() => 0);
  await db.close();
  return { userId, monitorId };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(engine: string, databaseUrl: string, counter: { statements: string[] }) {
  const { userId, monitorId } = await seed(databaseUrl);
  const { appRouter } = await import("../src/server/api/root");
  const { createContext } = await import("../src/server/api/context");
  const { createTRPCOptionsProxy } = await import("@trpc/tanstack-react-query");
  const { QueryClient } = await import("@tanstack/react-query");
  const first = await import("../src/components/first-screen");
  const session = { userId, sessionId: "bench-session" };
  const { dashboardUser } = await import("../src/server/services/accounts/session-access");
  const db = openEngineDb(databaseUrl);
  await db.run(`INSERT INTO sessions (id, user_id, refresh_hash, expires_at) VALUES (?, ?, 'r', ?)`, [
    session.sessionId,
    userId,
    new Date(Date.now() + 3600_000),
  ]);
  await db.close();
  const pages = [
    { name: "Overview", first: first.overviewFirst },
    { name: "Monitors list", first: first.monitorListFirst },
    { name: "Services list", first: first.serviceListFirst },
    { name: "Monitor page", first: first.monitorFirst(monitorId) },
  ];
  const rows: string[] = [];
  for (const page of pages) {
    // The layout (the signed-in user, the organization list) and the page's queries, as one render asks them.
    const render = async () => {
      const ctx = createContext({ headers: new Headers(), channel: "dashboard", dashboardSession: session });
      if (!(await dashboardUser(ctx))) throw new Error("the bench's session is not live");
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const trpc = createTRPCOptionsProxy({ router: appRouter, ctx, queryClient });
      const fetch = (o: any) => queryClient.fetchQuery(o);
      const options = [
        ...(await first.navFirst(trpc as any, fetch as any)),
        ...(await page.first(trpc as any, fetch as any)),
      ];
      await Promise.all(options.map((o) => queryClient.prefetchQuery(o)));
      const failed = queryClient
        .getQueryCache()
        .getAll()
        .find((q) => q.state.status === "error");
      if (failed) throw failed.state.error;
      return JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ).length;
    };
    await render();
    const times: number[] = [];
    let count = 0;
    let bytes = 0;
    for (let i = 0; i < LOADS; i++) {
      counter.statements = [];
      const t0 = performance.now();
      bytes = await render();
      times.push(performance.now() - t0);
      count = counter.statements.length;
    }
    if (process.env.BENCH_SQL) console.log(counter.statements.join("\n---\n"));
    rows.push(
      `| ${engine} | ${page.name} | ${median(times).toFixed(1)} | ${Math.max(...times).toFixed(1)} | ${count} | ${(bytes / 1024).toFixed(1)} |`,
    );
    console.log(rows.at(-1));
  }
  return rows;
}

async function main() {
  const rows: string[] = [];
  const counter = { statements: [] as string[] };
  const engine = process.env.BENCH_ENGINE_CHILD;
  if (!engine) {
    // One process per engine: the storage door is made once per process.
    const { execFileSync } = await import("node:child_process");
    const load0 = os.loadavg()[0]!;
    for (const e of ENGINES)
      execFileSync(process.execPath, [...process.execArgv, process.argv[1]!], {
        stdio: "inherit",
        env: { ...process.env, BENCH_ENGINE_CHILD: e },
      });
    console.log(
      `${machine()}; ${new Date().toISOString()}; load average ${load0.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
    );
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-bench-dashboard-server-"));
  process.env.DATA_DIR = dir;
  process.env.APP_SECRET ??= "bench-dashboard-server-secret-0123456789abcdef";
  let stop = async () => {};
  if (engine === "postgresql") {
    const server = await startBenchPg("bench_dashboard_server");
    process.env.DATABASE_URL = server.url;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      counter.statements.push(typeof first === "string" ? first : String(first?.text ?? first));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    stop = async () => {
      const { closeProcessConnections } = await import("../src/server/storage/engine");
      await closeProcessConnections();
      await server.stop();
    };
  } else {
    const file = path.join(dir, "lifeline.db");
    process.env.DATABASE_URL = `file:${file}`;
    const { migrate } = await import("../src/server/migrate");
    await migrate(process.env.DATABASE_URL);
    const { PrismaClient } = await import("../src/generated/prisma/client");
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    const prisma = new PrismaClient({
      adapter: new PrismaBetterSQLite3({ url: file }),
      log: [{ emit: "event", level: "query" }],
    });
    prisma.$on("query", (event) =>
      counter.statements.push(process.env.BENCH_SQL ? `${event.duration} ms: ${event.query}` : event.query),
    );
    const { createSqliteApiStore, openApiConnection } = await import("../src/server/storage/sqlite/api-store");
    const connection = openApiConnection(file, { verbose: (sql) => counter.statements.push(String(sql)) });
    Object.assign(globalThis, {
      lifelineDoor: {
        connections: { kind: "sqlite", file, db: connection },
        prisma,
        api: createSqliteApiStore(connection),
      },
    });
    stop = async () => {
      connection.close();
      await prisma.$disconnect();
    };
  }
  try {
    rows.push(...(await measure(engine, process.env.DATABASE_URL!, counter)));
  } finally {
    await stop();
    if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

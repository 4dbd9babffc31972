import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type Database from "better-sqlite3";
import type { Pool } from "pg";
import { env, sqlitePath, type Env } from "../../env";
import { PrismaClient } from "../../generated/prisma/client";
import { PrismaClient as PgPrismaClient } from "../../generated/prisma-pg/client";
import type { ApiStore } from "./api-store";
import { createPgCheckStore, createSqliteCheckStore, type CheckRules, type CheckStore } from "./check-store";
import { metricsSql } from "./check-metrics-sql";
import { idsParam, type Engine } from "./dialect";
import { orgMetricsSql } from "./org-metrics-sql";
import type { MetricsStore } from "./metrics-store";
import type { PingStore } from "./ping-store";
import type { EventPlanner } from "../domain/run-event-plan";
import { createPgApiStore } from "./postgres/api-store";
import { watchPgOutbox } from "./postgres/outbox-watch";
import { createPgPingStore, GROUPS_IN_FLIGHT } from "./postgres/ping-store";
import { openPgPool } from "./postgres/pool";
import { pgAccess, pgArrayReader, pgRunner } from "./postgres/runner";
import { pgNextDeadline } from "./postgres/sweep-deadline";
import { pgSweepSteps } from "./postgres/sweep-steps";
import { createSqliteApiStore } from "./sqlite/api-store";
import { walCheckpointer } from "./sqlite/checkpointer";
import { startCheckpointThread } from "./sqlite/checkpoint-thread";
import { openPingConnection, openSqlite } from "./sqlite/connection";
import { watchSqliteOutbox } from "./sqlite/outbox-watch";
import { createSqlitePingStore } from "./sqlite/ping-store";
import { sqliteArrayReader, sqliteRunner } from "./sqlite/runner";
import { writerTurns } from "./sqlite/writer-turns";
import type { SqlAccess } from "./runner";
import { sqliteNextDeadline } from "./sqlite/sweep-deadline";
import { sqliteSweepSteps } from "./sqlite/sweep-steps";
import type { SweepSteps, SweepStorage } from "./sweep-storage";

/**
 * The one door into storage: the only module that chooses the engine (from DATABASE_URL) and the
 * only one that opens a process's connections. Every store is built here from them:
 * - SQLite: Prisma's connection and ONE raw connection (the writer) that the ping, check, REST and
 *   metrics stores share, no more. better-sqlite3 runs each statement synchronously on the event
 *   loop, so sharing costs nothing; the check store's multi-statement transactions take turns
 *   (check-store.ts). Prisma keeps its own: its adapter opens the connection itself (it takes a
 *   path, not a connection) and its interactive transactions hold BEGIN across awaits under a lock
 *   of their own, so a ping's group commit on the same connection would land inside them. The WAL
 *   is checkpointed by the sweeper process (sqlite/checkpointer.ts), not here.
 * - PostgreSQL: DATABASE_POOL_SIZE connections (default 10): a web process's ping store has a pool
 *   of its own (`pingShareOf`), the rest is one pool shared by Prisma (its adapter takes the pool)
 *   and every other store.
 * A sweeper process (scripts/sweep.ts) opens its own the same way (`sweepStorage`), on SQLite one
 * connection that also runs the WAL checkpoints.
 */
export type Connections =
  { kind: "sqlite"; file: string; db: Database.Database } | { kind: "postgresql"; pool: Pool; pingPool?: Pool };

/**
 * A web process's PostgreSQL connections reserved for its ping store, out of DATABASE_POOL_SIZE: as
 * many as the store has groups in flight (`GROUPS_IN_FLIGHT`), so other reads (an organization's
 * public pages under load) never make another's pings wait for a connection. Below 4 connections in all the ping store shares
 * the one pool (the others would be left too few).
 */
export const pingShareOf = (poolSize: number) => (poolSize >= 4 ? GROUPS_IN_FLIGHT : 0);

/** What opening a process's connections reads of the configuration. */
export type StorageConfig = Pick<Env, "databaseKind" | "databaseUrl" | "dataDir" | "databasePoolSize">;
type Config = StorageConfig;

/** A connection or pool a caller opened and closes itself (tests and benchmarks beside a server). */
export type OwnConnection = { kind: "sqlite"; db: Database.Database } | { kind: "postgresql"; pool: Pool };

/** The engine this process's storage runs on (GET /status reports it). */
export const databaseEngine = (): Engine => env().databaseKind;

/**
 * Whether the engine's WAL is checkpointed by the sweeper processes (SQLite: their heartbeats carry
 * their checkpointer's state, sqlite/checkpointer.ts), or why no checkpointer is needed.
 */
export const walCheckpointing = (): { needed: true } | { needed: false; why: string } =>
  databaseEngine() === "sqlite" ? { needed: true } : { needed: false, why: "not needed on PostgreSQL" };

/**
 * Opens a process's connections: the pool, or the SQLite connection of a `web` process (the ping
 * path's writer, checkpointing by itself only as a fallback) or of a `sweeper`.
 */
export function openConnections(config: Config, role: "web" | "sweeper"): Connections {
  if (config.databaseKind === "postgresql") {
    const pings = role === "web" ? pingShareOf(config.databasePoolSize) : 0;
    const pool = openPgPool(config.databaseUrl, config.databasePoolSize - pings);
    return pings === 0
      ? { kind: "postgresql", pool }
      : { kind: "postgresql", pool, pingPool: openPgPool(config.databaseUrl, pings) };
  }
  const file = sqlitePath(config.databaseUrl, config.dataDir);
  return { kind: "sqlite", file, db: role === "web" ? openPingConnection(file) : openSqlite(file) };
}

/** A Prisma client on `connections`: on PostgreSQL inside its pool, on SQLite beside the writer. */
export function createPrisma(
  connections: { kind: "sqlite"; file: string } | { kind: "postgresql"; pool: Pool },
): PrismaClient {
  if (connections.kind === "postgresql")
    return new PgPrismaClient({ adapter: new PrismaPg(connections.pool) }) as unknown as PrismaClient;
  // Timestamps are stored as ISO 8601 text, the format the raw SQL of the ping path, the sweeper and
  // the list reads compares with: stated here, not left to the adapter's default.
  return new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: connections.file, timeout: 5000 }, { timestampFormat: "iso8601" }),
  });
}

type Stores = {
  prisma: PrismaClient;
  ping: PingStore;
  checks: CheckStore;
  api: ApiStore;
  metrics: MetricsStore;
  access: SqlAccess;
};
type Door = { connections: Connections } & Partial<Stores>;
const globalForDoor = globalThis as unknown as { lifelineDoor?: Door };

/** This process's connections, opened on first use (a web process's). */
function door(): Door {
  globalForDoor.lifelineDoor ??= { connections: openConnections(env(), "web") };
  return globalForDoor.lifelineDoor;
}

/** This process's connections, opened now if they are not yet (start-up opens them before the first request). */
export const processConnections = (): Connections => door().connections;

/** Closes this process's connections (tests and benchmarks that end before their process does). */
export async function closeProcessConnections(): Promise<void> {
  const d = globalForDoor.lifelineDoor;
  if (!d) return;
  globalForDoor.lifelineDoor = undefined;
  await d.prisma?.$disconnect();
  if (d.connections.kind === "postgresql") {
    await d.connections.pool.end();
    await d.connections.pingPool?.end();
  } else d.connections.db.close();
}

/** The process's `key`, built on first use from its connections. */
function built<K extends keyof Stores>(key: K, make: (c: Connections) => Stores[K]): Stores[K] {
  const d = door();
  const stores: Partial<Stores> = d;
  return (stores[key] ??= make(d.connections));
}

/** The process's Prisma client. */
export const prisma = () => built("prisma", createPrisma);

/**
 * The process's ping store (group commit on the writer or the pool), built on first use with the
 * planner that decides its events (ping/store.ts gives the ping room's).
 */
export const pingStore = (planner: EventPlanner) =>
  built("ping", (c) =>
    c.kind === "postgresql" ? createPgPingStore(c.pingPool ?? c.pool, planner) : createSqlitePingStore(c.db, planner),
  );

/** The process's check store (probe leases and results), built on first use with the rules it decides by (checks/store.ts). */
export const checkStore = (rules: CheckRules) =>
  built("checks", (c) =>
    c.kind === "postgresql" ? createPgCheckStore(c.pool, rules) : createSqliteCheckStore(c.db, rules),
  );

/** The process's REST store (hot reads and the monitor insert). */
export const apiStore = () =>
  built("api", (c) => (c.kind === "postgresql" ? createPgApiStore(c.pool) : createSqliteApiStore(c.db)));

/**
 * The process's raw SQL for multi-statement work beside the stores (an object's held incidents
 * released when its snooze ends): on SQLite the writer, taking turns with the check store's work;
 * on PostgreSQL the pool.
 */
export const sqlAccess = () => built("access", (c) => (c.kind === "postgresql" ? pgAccess(c.pool) : writerTurns(c.db)));

/** The metrics reads' SQL (check-metrics-sql.ts, org-metrics-sql.ts) on the process's connections. */
export const metricsStore = () =>
  built("metrics", (c) => {
    const [sql, arrays] =
      c.kind === "postgresql"
        ? [pgRunner(c.pool), pgArrayReader(c.pool)]
        : [sqliteRunner(c.db), sqliteArrayReader(c.db)];
    const engine = sql.kind;
    return { sql, arrays, q: metricsSql(engine), org: orgMetricsSql(engine), ids: (ids) => idsParam(engine, ids) };
  });

/**
 * A sweep's statements on a connection of its own (`db`) or a pool (the sweep itself, which decides:
 * sweep/sweeper.ts). For `sweepStorage` and for tests and benchmarks that sweep beside a running server.
 */
export function sweepStepsOn(c: OwnConnection): SweepSteps {
  return c.kind === "postgresql" ? pgSweepSteps(c.pool) : sqliteSweepSteps(c.db);
}

/**
 * The standalone ingest's WAL checkpoints (SQLite: a thread of its own, sqlite/checkpoint-thread.ts;
 * PostgreSQL: nothing to do).
 */
export function startIngestCheckpoints(config: Config, log: (line: object) => void): void {
  if (config.databaseKind === "sqlite") startCheckpointThread(sqlitePath(config.databaseUrl, config.dataDir), log);
}

/**
 * What a sweeper process works through: its sweep statements, the next deadline, the
 * delivery's SQL, a watch that calls back when other processes commit outbox rows (PostgreSQL:
 * LISTEN/NOTIFY on one connection of the pool; SQLite: a 250 ms poll), and on SQLite the WAL
 * checkpointer on the same connection. Its own connections, opened here.
 */
export function sweepStorage(config: Config, log: (line: object) => void): SweepStorage {
  const c = openConnections(config, "sweeper");
  const steps = sweepStepsOn(c);
  if (c.kind === "postgresql") {
    return {
      steps,
      nextDeadline: pgNextDeadline(c.pool),
      sql: steps.sql,
      watchOutbox: (onNew) => watchPgOutbox(c.pool, onNew, log),
      checkpointer: null,
      close: () => c.pool.end(),
    };
  }
  const checkpointer = walCheckpointer(c.db, log);
  return {
    steps,
    nextDeadline: sqliteNextDeadline(c.db),
    sql: steps.sql,
    watchOutbox: (onNew) => watchSqliteOutbox(c.db, onNew, log),
    checkpointer,
    close: async () => (checkpointer.stop(), void c.db.close()),
  };
}

import type Database from "better-sqlite3";
import type { Pool } from "pg";
import { checkFromConfig, runCheck } from "../../src/server/checks";
import { checkRules } from "../../src/server/checks/rules";
import { storedResult } from "../../src/server/checks/stored-result";
import { createPgCheckStore, createSqliteCheckStore, type CheckStore } from "../../src/server/storage/check-store";
import { openPgPool } from "../../src/server/storage/postgres/pool";
import { openSqlite } from "../../src/server/storage/sqlite/connection";
import { databaseKind, databaseUrl } from "./db";

/**
 * Check stores over the test database, built as the server builds them (the store a probe's results
 * go through), with their own connections; `close()` ends them all (call it in `afterAll`).
 */
export function checkStores() {
  const sqlite: Database.Database[] = [];
  const pools: Pool[] = [];
  return {
    open(): CheckStore {
      if (databaseKind() === "sqlite") {
        const db = openSqlite(databaseUrl().replace(/^file:/, ""));
        sqlite.push(db);
        return createSqliteCheckStore(db, checkRules());
      }
      const pool = openPgPool(databaseUrl(), 2);
      pools.push(pool);
      return createPgCheckStore(pool, checkRules());
    },
    async close() {
      sqlite.forEach((db) => db.close());
      await Promise.all(pools.map((p) => p.end()));
    },
  };
}

/** Runs a real HTTP check of `config` and records its result for the service's lane on the probe. */
export async function recordCheck(
  store: CheckStore,
  lane: { probeId: number; serviceId: number },
  config: Record<string, unknown>,
) {
  const result = await runCheck(checkFromConfig("http", config), { policy: null });
  const recorded = await store.record(
    lane.probeId,
    [storedResult({ serviceId: lane.serviceId, lane: lane.probeId, slot: null }, result)],
    new Date(),
  );
  return { result, recorded };
}

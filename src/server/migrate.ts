import fs from "node:fs";
import path from "node:path";
import { env, isPostgresUrl, sqlitePath } from "../env";

/**
 * Applies the committed SQL migrations in prisma/migrations/<kind>/<name>/migration.sql that the
 * database has not seen yet, each in its own transaction, recorded in `_lifeline_migrations`.
 * Used on start-up by the web app and by `npm run db:migrate`; safe to run from several processes.
 */
export async function migrate(
  databaseUrl = env().databaseUrl,
  log = (_: string) => {},
  migrationsRoot = path.join(process.cwd(), "prisma", "migrations"),
  /** Where the URL came from, named when the database cannot be used (`--to` for db:copy's target). */
  source = "DATABASE_URL",
): Promise<string[]> {
  const isPg = isPostgresUrl(databaseUrl);
  const dir = path.join(/* turbopackIgnore: true */ migrationsRoot, isPg ? "postgresql" : "sqlite");
  // The migrations are read at run time from the project, not bundled (hence turbopackIgnore).
  const names = fs.existsSync(/* turbopackIgnore: true */ dir)
    ? fs
        .readdirSync(/* turbopackIgnore: true */ dir)
        .filter((n) => fs.existsSync(/* turbopackIgnore: true */ path.join(dir, n, "migration.sql")))
        .sort()
    : [];
  const read = (name: string) =>
    fs.readFileSync(/* turbopackIgnore: true */ path.join(dir, name, "migration.sql"), "utf8");
  const applied = isPg ? await migratePg(databaseUrl, names, read, source) : migrateSqlite(databaseUrl, names, read);
  for (const name of applied) log(`applied migration ${name}`);
  return applied;
}

function migrateSqlite(databaseUrl: string, names: string[], read: (n: string) => string): string[] {
  // Imported lazily so a PostgreSQL deployment never loads the native module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = requireModule("better-sqlite3") as typeof import("better-sqlite3");
  const file = sqlitePath(databaseUrl, env().dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { timeout: 10_000 });
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.exec(`CREATE TABLE IF NOT EXISTS "_lifeline_migrations" (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
    const applied: string[] = [];
    // Only migrations not applied yet take the write lock (re-checked under it), so the many short
    // processes that start with a migration check (sweepers) do not queue behind each other.
    const seenBefore = new Set(
      (sqlite.prepare(`SELECT name FROM "_lifeline_migrations"`).all() as { name: string }[]).map((r) => r.name),
    );
    // Table rebuilds (CREATE new, copy, DROP old, rename) must not cascade deletes through foreign
    // keys. PRAGMA foreign_keys has no effect inside a transaction, so it is switched off here,
    // around each migration's transaction, and the keys are checked before the commit instead.
    sqlite.pragma("foreign_keys = OFF");
    for (const name of names.filter((n) => !seenBefore.has(n))) {
      const apply = sqlite.transaction(() => {
        const seen = sqlite.prepare(`SELECT 1 FROM "_lifeline_migrations" WHERE name = ?`).get(name);
        if (seen) return false;
        sqlite.exec(read(name));
        const broken = sqlite.pragma("foreign_key_check") as unknown[];
        if (broken.length > 0) throw new Error(`migration ${name} leaves ${broken.length} broken foreign key(s)`);
        sqlite
          .prepare(`INSERT INTO "_lifeline_migrations" (name, applied_at) VALUES (?, ?)`)
          .run(name, new Date().toISOString());
        return true;
      });
      if (apply.immediate()) applied.push(name);
    }
    return applied;
  } finally {
    sqlite.close();
  }
}

/** An arbitrary constant: the advisory lock every Lifeline process takes to migrate PostgreSQL. */
const MIGRATION_LOCK = 7_310_442_021;

async function migratePg(
  databaseUrl: string,
  names: string[],
  read: (n: string) => string,
  source: string,
): Promise<string[]> {
  const pg = requireModule("pg") as typeof import("pg");
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(describeConnectError(databaseUrl, err, source));
  }
  try {
    // One process migrates at a time (several web processes, sweepers and probes may start at once);
    // the others wait here, then find everything applied.
    await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "_lifeline_migrations" (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)`,
    );
    const seen = new Set(
      (await client.query<{ name: string }>(`SELECT name FROM "_lifeline_migrations"`)).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const name of names.filter((n) => !seen.has(n))) {
      await client.query("BEGIN");
      try {
        await client.query(read(name));
        await client.query(`INSERT INTO "_lifeline_migrations" (name, applied_at) VALUES ($1, now())`, [name]);
        await client.query("COMMIT");
        applied.push(name);
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
    }
    return applied;
  } finally {
    await client.end();
  }
}

/** One line saying why PostgreSQL could not be used, without the URL's password. */
export function describeConnectError(databaseUrl: string, err: unknown, source = "DATABASE_URL"): string {
  let where = "the configured server";
  try {
    const u = new URL(databaseUrl);
    where = `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    /* keep the generic words */
  }
  const e = err as { code?: string; message?: string };
  const why =
    e.code === "ECONNREFUSED"
      ? "connection refused"
      : e.code === "ENOTFOUND" || e.code === "EAI_AGAIN"
        ? "host not found"
        : e.code === "28P01" || e.code === "28000"
          ? "authentication failed"
          : e.code === "3D000"
            ? "the database does not exist"
            : (e.message ?? String(err)).split("\n")[0];
  return `cannot use the PostgreSQL database at ${where} (${source}): ${why}`;
}

import { createRequire } from "node:module";
const requireModule = createRequire(import.meta.url);

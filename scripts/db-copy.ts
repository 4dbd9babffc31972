// `npm run db:copy -- --to postgres://user:pass@host:5432/lifeline [--from <sqlite file or file: URL>]`
// Copies an existing SQLite database into an empty PostgreSQL database, for moving up from the
// embedded default. The source is --from, else DATABASE_URL (a file: URL), else DATA_DIR/lifeline.db.
// The target gets the schema through the migrations, then every table in foreign-key order and the
// id sequences reset past the copied ids, all in one transaction: it ends copied, or untouched.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl } from "../src/env";
import { migrate } from "../src/server/migrate";

const INTERNAL = new Set(["_lifeline_migrations", "_prisma_migrations"]);
const BATCH_PARAMS = 30_000; // well under PostgreSQL's 65,535 bind parameters per statement

type Column = { name: string; type: string; serial: boolean };

function parseArgs(argv: string[], env: Record<string, string | undefined>): { from: string; to: string } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const to = value("--to");
  if (!to || !isPostgresUrl(to)) throw new Error("--to must be a postgres:// URL of an empty database");
  const sourceUrl =
    value("--from") ?? (env.DATABASE_URL && !isPostgresUrl(env.DATABASE_URL) ? env.DATABASE_URL : undefined);
  const from = path.resolve(
    sourceUrl ? sourceUrl.replace(/^file:/, "") : path.join(env.DATA_DIR ?? "./data", "lifeline.db"),
  );
  if (/^postgres/.test(sourceUrl ?? "")) throw new Error("the source must be a SQLite database (--from <file>)");
  if (!fs.existsSync(from)) throw new Error(`no SQLite database at ${from}`);
  return { from, to };
}

/** Tables of the SQLite source, each after the tables its foreign keys point at. */
function tablesInForeignKeyOrder(sqlite: Database.Database): string[] {
  const names = (
    sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as {
      name: string;
    }[]
  )
    .map((r) => r.name)
    .filter((n) => !INTERNAL.has(n));
  const parents = new Map(
    names.map((n) => [
      n,
      (sqlite.pragma(`foreign_key_list("${n}")`) as { table: string }[]).map((f) => f.table).filter((t) => t !== n),
    ]),
  );
  const ordered: string[] = [];
  const visit = (n: string, trail: string[]) => {
    if (ordered.includes(n)) return;
    if (trail.includes(n)) throw new Error(`foreign keys form a cycle: ${[...trail, n].join(" -> ")}`);
    for (const p of parents.get(n) ?? []) if (names.includes(p)) visit(p, [...trail, n]);
    ordered.push(n);
  };
  for (const n of names.sort()) visit(n, []);
  return ordered;
}

/** A SQLite value as the PostgreSQL column of that type takes it. */
function convert(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === "boolean") return value === 1 || value === "1" || value === true || value === "true";
  if (type.startsWith("timestamp")) {
    if (typeof value === "number") return new Date(value).toISOString();
    const text = String(value);
    // Prisma writes ISO text with an offset; SQLite's CURRENT_TIMESTAMP writes "YYYY-MM-DD HH:MM:SS" in UTC.
    const date = new Date(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(text) ? `${text.replace(" ", "T")}Z` : text,
    );
    if (Number.isNaN(date.getTime())) throw new Error(`not a timestamp: ${text}`);
    return date.toISOString(); // timestamp(3) without time zone holds UTC
  }
  return value;
}

async function copy(from: string, to: string, log: (line: string) => void) {
  const sqlite = new Database(from, { readonly: true, fileMustExist: true });
  const sourceMigrations = (
    sqlite.prepare(`SELECT name FROM "_lifeline_migrations" ORDER BY name`).all() as { name: string }[]
  ).map((r) => r.name);
  await migrate(to, undefined, undefined, "--to");
  const client = new pg.Client({ connectionString: to });
  await client.connect();
  try {
    const targetMigrations = (await client.query(`SELECT name FROM "_lifeline_migrations" ORDER BY name`)).rows.map(
      (r) => r.name as string,
    );
    if (sourceMigrations.join() !== targetMigrations.join()) {
      throw new Error(
        "the source database is not on the latest schema: run `npm run db:migrate` (or start Lifeline once) on it first",
      );
    }
    const tables = tablesInForeignKeyOrder(sqlite);
    await client.query("BEGIN");
    const counts: [string, number][] = [];
    for (const table of tables) {
      const columns: Column[] = (
        await client.query(
          `SELECT column_name AS name, data_type AS type, coalesce(column_default, '') LIKE 'nextval(%' AS serial FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
          [table],
        )
      ).rows;
      if (columns.length === 0) throw new Error(`table ${table} is missing in the target`);
      const existing = await client.query(`SELECT 1 FROM "${table}" LIMIT 1`);
      if (existing.rowCount) throw new Error(`the target is not empty: table ${table} has rows`);
      const list = columns.map((c) => `"${c.name}"`).join(", ");
      const perBatch = Math.max(1, Math.floor(BATCH_PARAMS / columns.length));
      let batch: unknown[][] = [];
      let copied = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const params: unknown[] = [];
        const tuples = batch.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(", ")})`);
        await client.query(`INSERT INTO "${table}" (${list}) VALUES ${tuples.join(", ")}`, params);
        copied += batch.length;
        batch = [];
      };
      for (const row of sqlite.prepare(`SELECT ${list} FROM "${table}"`).iterate() as Iterable<
        Record<string, unknown>
      >) {
        batch.push(columns.map((c) => convert(row[c.name], c.type)));
        if (batch.length >= perBatch) await flush();
      }
      await flush();
      for (const c of columns.filter((c) => c.serial)) {
        // The next id handed out follows the highest copied one (or starts at 1 on an empty table).
        await client.query(
          `SELECT setval(pg_get_serial_sequence('"${table}"', '${c.name}'), COALESCE(MAX("${c.name}"), 1), MAX("${c.name}") IS NOT NULL) FROM "${table}"`,
        );
      }
      counts.push([table, copied]);
    }
    await client.query("COMMIT");
    for (const [table, n] of counts) log(`${table}: ${rows(n)}`);
    log(`copied ${rows(counts.reduce((s, [, n]) => s + n, 0))} in ${counts.length} tables from ${from}`);
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
    sqlite.close();
  }
}

/** "1 row", "0 rows", "12 rows". */
function rows(n: number): string {
  return `${n} ${n === 1 ? "row" : "rows"}`;
}

async function main() {
  const { from, to } = parseArgs(process.argv.slice(2), process.env);
  await copy(from, to, (line) => console.log(`[lifeline] ${line}`));
}

main().catch((err: unknown) => {
  console.error(`[lifeline] db:copy failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

// `npm run db:backup -- <file> [--from <sqlite file or file: URL>]`
// A consistent copy of the embedded SQLite database, taken while Lifeline runs and pings flow:
// SQLite's online backup API copies every page inside one read transaction (a WAL reader blocks no
// writer), so the copy holds what was committed at one instant, everything acknowledged before the
// command began included. It is written beside the target and renamed into place once checked, so
// an interrupted backup never leaves a half file at <file>. The source is --from, else DATABASE_URL
// (a file: URL), else DATA_DIR/lifeline.db.
// On PostgreSQL it refuses and points at pg_dump (README, "Backing up").
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { isPostgresUrl } from "../src/env";

/** All the pages in one step: one read transaction, so a writer in between cannot restart the copy. */
const ALL_PAGES = 2 ** 30;

type Args = { from: string; to: string };

function parseArgs(argv: string[], env: Record<string, string | undefined>): Args {
  const fromAt = argv.indexOf("--from");
  const fromArg = fromAt >= 0 ? argv[fromAt + 1] : undefined;
  const positional = argv.filter((a, i) => !a.startsWith("--") && (fromAt < 0 || i !== fromAt + 1));
  if (positional.length !== 1) throw new Error("usage: npm run db:backup -- <file> [--from <sqlite file>]");
  const sourceUrl = fromArg ?? env.DATABASE_URL;
  if (sourceUrl && isPostgresUrl(sourceUrl)) {
    throw new Error(
      "db:backup copies the embedded SQLite database; on PostgreSQL use pg_dump (README, Backing up) and keep APP_SECRET beside it",
    );
  }
  const from = path.resolve(
    sourceUrl ? sourceUrl.replace(/^file:/, "") : path.join(env.DATA_DIR ?? "./data", "lifeline.db"),
  );
  if (!fs.existsSync(from)) throw new Error(`no SQLite database at ${from}`);
  const to = path.resolve(positional[0]!);
  if (to === from) throw new Error("the backup must not overwrite the database itself");
  return { from, to };
}

async function backup({ from, to }: Args): Promise<{ pages: number; ms: number }> {
  const started = Date.now();
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const partial = `${to}.partial-${process.pid}`;
  // A read-write handle that only reads: a read-only one cannot open a WAL database whose -shm is gone.
  const source = new Database(from, { fileMustExist: true });
  let pages = 0;
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(partial, {
      progress: ({ totalPages }) => {
        pages = totalPages;
        return ALL_PAGES;
      },
    });
  } finally {
    source.close();
  }
  try {
    const copy = new Database(partial, { fileMustExist: true });
    try {
      const check = copy.pragma("quick_check", { simple: true });
      if (check !== "ok") throw new Error(`the copy failed SQLite's quick_check: ${String(check)}`);
      copy.pragma("journal_mode = DELETE"); // one self-contained file: no -wal beside it
    } finally {
      copy.close();
    }
    fs.renameSync(partial, to);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return { pages, ms: Date.now() - started };
}

try {
  const args = parseArgs(process.argv.slice(2), process.env);
  const { pages, ms } = await backup(args);
  console.log(`[lifeline] backup: ${args.from} -> ${args.to} (${pages} pages, ${ms} ms)`);
} catch (err) {
  console.error(`[lifeline] backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}

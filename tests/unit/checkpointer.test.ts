import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import {
  FALLBACK_AUTOCHECKPOINT_PAGES,
  WAL_TRUNCATE_BYTES,
  walCheckpointer,
} from "../../src/server/storage/sqlite/checkpointer";
import { openPingConnection, openSqlite } from "../../src/server/storage/sqlite/connection";

/**
 * A WAL database only gets its pages back into the main file at a checkpoint. The web process's
 * writer leaves that to the sweeper's connection, so the file growing while the writer stays open
 * and under its own checkpoint threshold shows the sweeper's checkpointer did it.
 */
const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

function freshFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-checkpoint-")), "lifeline.db");
}

/** Writes ~200 pages in 20 commits, fewer than any automatic checkpoint threshold involved here. */
function writePages(db: Database.Database) {
  db.exec("CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)");
  const insert = db.prepare("INSERT INTO filler (body) VALUES (?)");
  const commit = db.transaction(() => {
    for (let i = 0; i < 10; i++) insert.run("x".repeat(4000));
  });
  for (let i = 0; i < 20; i++) commit();
}

/** A ping writer and a sweeper's connection on a fresh file, with the sweeper's checkpointer (not started). */
function writerAndCheckpointer() {
  const file = freshFile();
  const db = openPingConnection(file);
  open.push(db);
  const sweeper = openSqlite(file);
  open.push(sweeper);
  return { file, db, sweeper, checkpointer: walCheckpointer(sweeper, () => {}) };
}

async function pagesInMainFile(file: string, atLeast: number, waitMs: number): Promise<number> {
  const deadline = Date.now() + waitMs;
  let pages = 0;
  while (Date.now() < deadline) {
    pages = fs.statSync(file).size / 4096;
    if (pages >= atLeast) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return pages;
}

describe("WAL checkpoints off the ping path", () => {
  it("the web process's writer checkpoints by itself only past the fallback threshold", () => {
    const db = openPingConnection(freshFile());
    open.push(db);
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    expect(FALLBACK_AUTOCHECKPOINT_PAGES).toBeGreaterThan(1000);
  });

  it("copies committed pages into the database file from another connection while the writer keeps its own", async () => {
    const file = freshFile();
    const db = openPingConnection(file);
    open.push(db);
    const other = openSqlite(file);
    open.push(other);
    const lines: object[] = [];
    const checkpointer = walCheckpointer(other, (line) => lines.push(line));
    open.push({ close: () => checkpointer.stop() });
    checkpointer.start(20);
    writePages(db);
    expect(await pagesInMainFile(file, 200, 5000)).toBeGreaterThanOrEqual(200);
    expect(db.prepare("SELECT count(*) AS n FROM filler").get()).toEqual({ n: 200 });
    expect(checkpointer.state()).toEqual({ state: "running" });
    expect(lines).toEqual([{ level: "info", where: "checkpointer", event: "started", interval_ms: 20 }]);
  });

  it("truncates a grown WAL only after a round in which nobody committed: never while writers keep committing", () => {
    const { file, db, checkpointer } = writerAndCheckpointer();
    db.exec("CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)");
    const insert = db.prepare("INSERT INTO filler (body) VALUES (?)");
    const commit = (rows: number) =>
      db.transaction(() => {
        for (let i = 0; i < rows; i++) insert.run("x".repeat(4000));
      })();
    for (let i = 0; i < 25; i++) commit(100); // about 10 MB of WAL
    const wal = () => fs.statSync(`${file}-wal`).size;
    expect(wal()).toBeGreaterThan(WAL_TRUNCATE_BYTES);

    checkpointer.checkpoint(); // every frame copied, but commits came since the last round (the first)
    expect(wal()).toBeGreaterThan(WAL_TRUNCATE_BYTES);
    commit(1);
    checkpointer.checkpoint(); // copied again; a writer committed meanwhile: the file stays
    expect(wal()).toBeGreaterThan(WAL_TRUNCATE_BYTES);
    checkpointer.checkpoint(); // a whole round without a commit: truncated
    expect(wal()).toBe(0);
    expect(checkpointer.state()).toEqual({ state: "running" });
    expect(db.prepare("SELECT count(*) AS n FROM filler").get()).toEqual({ n: 2501 });
  });

  it("skips a round while its own connection is inside a transaction (SQLite would refuse it), and checkpoints after", async () => {
    const { file, db, sweeper, checkpointer } = writerAndCheckpointer();
    writePages(db);
    sweeper.exec("BEGIN IMMEDIATE");
    checkpointer.checkpoint();
    sweeper.exec("COMMIT");
    expect(checkpointer.state()).toEqual({ state: "starting" });
    expect(await pagesInMainFile(file, 200, 100)).toBeLessThan(10);
    checkpointer.checkpoint();
    expect(checkpointer.state()).toEqual({ state: "running" });
    expect(await pagesInMainFile(file, 200, 1000)).toBeGreaterThanOrEqual(200);
  });

  it("a failing round is one warning line and a failed state, until a round succeeds", () => {
    const sweeper = openSqlite(freshFile());
    const lines: object[] = [];
    const checkpointer = walCheckpointer(sweeper, (line) => lines.push(line));
    sweeper.close();
    checkpointer.checkpoint();
    checkpointer.checkpoint();
    expect(checkpointer.state()).toEqual({ state: "failed", error: expect.stringContaining("not open") });
    expect(lines).toEqual([{ level: "warn", where: "checkpointer", error: checkpointer.state().error }]);
  });

  it("without a checkpointer, the same writes stay in the WAL (the control for the tests above)", async () => {
    const file = freshFile();
    const db = openSqlite(file);
    db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    open.push(db);
    writePages(db);
    expect(await pagesInMainFile(file, 200, 500)).toBeLessThan(10);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(200 * 4096);
  });
});

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * max_cron_monitors holds across processes sharing one SQLite file: four processes create 5
 * monitors each at the same time for one Free organization; exactly 10 exist afterwards. (Within
 * one process the adapter already serializes transactions; this is what the organization lock adds.)
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-limit-"));
const file = path.join(dir, "lifeline.db");
let orgId = 0;

beforeAll(async () => {
  process.env.DATA_DIR = dir;
  const { migrate } = await import("../../src/server/migrate");
  await migrate(`file:${file}`);
  const sqlite = new Database(file);
  orgId = Number(
    sqlite.prepare(`INSERT INTO organizations (slug, name) VALUES ('free', 'Free')`).run().lastInsertRowid,
  );
  sqlite.close();
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function worker(count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/create-monitors-worker.ts", String(orgId), String(count)],
      {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: `file:${file}` },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(err)),
    );
  });
}

describe("the cron monitor plan limit", () => {
  it("lets exactly 10 of 20 creates from four concurrent processes through on a Free organization", async () => {
    const outcomes = (await Promise.all([worker(5), worker(5), worker(5), worker(5)])).flat();
    expect(outcomes.filter((o) => o !== "created" && o !== "limit")).toEqual([]);
    expect(outcomes.filter((o) => o === "created")).toHaveLength(10);
    expect(outcomes.filter((o) => o === "limit")).toHaveLength(10);
    const sqlite = new Database(file, { readonly: true });
    expect(sqlite.prepare(`SELECT count(*) AS n FROM cron_monitors WHERE org_id = ?`).get(orgId)).toEqual({ n: 10 });
    sqlite.close();
  }, 60_000);
});

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, inject, it } from "vitest";
import { databaseKind } from "../support/db";
import { call } from "../support/http";
import { startLifeline, type RunningLifeline } from "../support/lifeline";
import { dedicatedLifeline, manyMonitorsOn, registerOn } from "../support/probes";

// `npm run db:backup` and the README's "Backing up" steps, run as written (bash) against a Lifeline
// of this test's own: the backup is taken while pings stream in, and a Lifeline started on the
// restored data directory serves what the copy holds, with the sessions issued before it.

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** The README's two sh blocks under "Backing up": the backup, then the restore. */
function readmeBlocks(): { backup: string; restore: string } {
  const readme = fs.readFileSync("README.md", "utf8");
  const at = readme.indexOf("- **Backing up**");
  if (at < 0) throw new Error('README.md has no "Backing up" entry');
  const section = readme.slice(at, readme.indexOf("\n- **", at + 1));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/^ {2}/gm, ""));
  if (blocks.length !== 2) throw new Error(`"Backing up" has ${blocks.length} sh blocks, not 2`);
  return { backup: blocks[0]!, restore: blocks[1]! };
}

/** Runs a README block (bash, without blocking this process) with its `data/` and `backups/` at the given places. */
function runBlock(
  block: string,
  dirs: { data: string; backups: string },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  expect(block).toMatch(/\bdata\//);
  const script = block.replaceAll("backups/", `${dirs.backups}/`).replaceAll("data/", `${dirs.data}/`);
  const child = spawn("bash", ["-e", "-o", "pipefail", "-c", script], {
    cwd: process.cwd(), // npm run needs the checkout
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: os.tmpdir(), DATA_DIR: dirs.data, NODE_ENV: "test" },
  });
  const out = { stdout: "", stderr: "" };
  child.stdout.on("data", (c: Buffer) => (out.stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out.stderr += c.toString()));
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.on("close", (status) => {
      clearTimeout(killer);
      resolve({ status, ...out });
    }),
  );
}

type Ack = { rid: string; sent: number; at: number };

describe.runIf(databaseKind() === "sqlite")("backing up the embedded database (README, Backing up)", () => {
  it("copies the database while pings stream in: the copy opens as a valid database holding every run acknowledged before the backup began, and a Lifeline restored from it serves those runs to the sessions issued before", async () => {
    const lifeline = await dedicatedLifeline();
    let stopped = false;
    cleanup.push(() => !stopped && lifeline.stop());
    const { server } = lifeline;
    const owner = await registerOn(server, "backup");
    const monitors = await manyMonitorsOn(lifeline, owner, 120, "backup");

    // A stream of pings, each with its own run id, at most 5 per monitor (the per-minute limit), paced
    // while the backup runs, until 20 were acknowledged after it (at most 60 s); every 200 is a
    // stored run.
    const acks: Ack[] = [];
    let began = Infinity;
    let ended = Infinity;
    const streamEnd = Date.now() + 60_000;
    const sends = [0, 1, 2, 3, 4].flatMap(() => monitors);
    const stream = (async () => {
      for (let i = 0; i < sends.length && Date.now() < streamEnd; i += 4) {
        if (acks.filter((a) => a.sent > ended).length >= 20) break;
        if (Date.now() >= began) await new Promise((r) => setTimeout(r, 50));
        await Promise.all(
          sends.slice(i, i + 4).map(async (m) => {
            const rid = crypto.randomUUID();
            const sent = Date.now();
            const res = await fetch(`${server.baseUrl}/ping/${m.ping_token}?rid=${rid}`);
            await res.text();
            if (res.status === 200) acks.push({ rid, sent, at: Date.now() });
          }),
        );
      }
    })();
    while (acks.length < 50 && Date.now() < streamEnd) await new Promise((r) => setTimeout(r, 20));

    const backups = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-backups-"));
    const blocks = readmeBlocks();
    began = Date.now();
    const backup = await runBlock(blocks.backup, { data: server.dataDir, backups });
    ended = Date.now();
    await stream;
    const duringBackup = acks.filter((a) => a.at > began && a.at < ended).length;
    expect(backup.stderr).not.toMatch(/backup failed/);
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/\[lifeline\] backup: .* -> .*lifeline\.db \(\d+ pages, \d+ ms\)/);
    expect(duringBackup).toBeGreaterThan(0); // the copy was taken while pings were being stored
    expect(fs.readdirSync(backups).sort()).toEqual(["app-secret", "lifeline.db"]); // no partial file left

    const copy = new Database(path.join(backups, "lifeline.db"), { readonly: true, fileMustExist: true });
    let copiedRids: Set<string>;
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      copiedRids = new Set((copy.prepare("SELECT rid FROM cron_runs").all() as { rid: string }[]).map((r) => r.rid));
    } finally {
      copy.close();
    }
    const before = acks.filter((a) => a.at < began);
    expect(before.length).toBeGreaterThanOrEqual(50);
    expect(before.filter((a) => !copiedRids.has(a.rid))).toEqual([]);
    const after = acks.filter((a) => a.sent > ended);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((a) => copiedRids.has(a.rid))).toEqual([]); // nothing from after the copy

    // Restore: stop Lifeline, run the README's restore block on its data directory, start it again.
    await lifeline.stop();
    stopped = true;
    const restore = await runBlock(blocks.restore, { data: server.dataDir, backups });
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);
    const restored: RunningLifeline = await startLifeline({}, { dataDir: server.dataDir });
    cleanup.push(() => restored.stop());
    const monitor = monitors[0]!;
    // The access token issued before the backup still works: the app secret came back with it.
    const runs = await call("GET", `${restored.baseUrl}/api/v1/cron-monitors/${monitor.id}/runs?limit=200`, {
      token: owner.access,
    });
    expect(runs.status).toBe(200);
    const served = new Set((runs.body.data as { rid: string }[]).map((r) => r.rid));
    const inCopy = new Database(path.join(backups, "lifeline.db"), { readonly: true });
    try {
      const expected = (
        inCopy.prepare("SELECT rid FROM cron_runs WHERE monitor_id = ?").all(monitor.id) as { rid: string }[]
      ).map((r) => r.rid);
      expect(expected.length).toBeGreaterThan(0);
      expect([...served].sort()).toEqual(expected.sort());
    } finally {
      inCopy.close();
    }
  }, 180_000);
});

describe.runIf(databaseKind() === "postgresql")("db:backup on PostgreSQL", () => {
  it("refuses a postgres:// database, points at pg_dump and writes no file", () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-backups-")), "lifeline.db");
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-backup.ts", out], {
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("on PostgreSQL use pg_dump");
    expect(run.stderr).not.toContain(inject("databaseUrl")); // a URL may hold a password
    expect(fs.existsSync(out)).toBe(false);
  });
});

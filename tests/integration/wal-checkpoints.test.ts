import crypto from "node:crypto";
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKind } from "../support/db";
import { callOn, dedicatedLifeline, manyMonitorsOn, registerOn } from "../support/probes";
import { openDescriptorsOn, webPid } from "../support/processes";
import { startPingServer } from "../support/ping-server";
import { eventually, startSweep } from "../support/sweeper";

// On SQLite the WAL is checkpointed by the sweeper process on its own connection, not by the web
// process (which holds Prisma's connection and the writer only, connections.test.ts). Proven on a
// real file between real processes: the database file alone (copied without its -wal) shows what
// has been checkpointed into it.
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** The runs in the database file itself, i.e. checkpointed (null: caught mid-copy of a checkpoint). */
function runsInDatabaseFile(file: string): number | null {
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-wal-")), "copy.db");
  fs.copyFileSync(file, copy);
  try {
    const db = new Database(copy);
    try {
      return (db.prepare("SELECT count(*) AS n FROM cron_runs").get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch {
    return null;
  } finally {
    fs.rmSync(path.dirname(copy), { recursive: true, force: true });
  }
}

describe.runIf(databaseKind() === "sqlite")("WAL checkpoints on SQLite", () => {
  it("are not made by a web server alone (below its fallback), and are made by a sweeper process on the same file", async () => {
    // `--web-only`: no embedded sweeper, so nothing but the web process touches the file.
    const lifeline = await dedicatedLifeline({}, ["--web-only"]);
    cleanup.push(() => lifeline.stop());
    const { server } = lifeline;
    const api = callOn(server);
    const owner = await registerOn(server, "wal");
    const monitor = async (name: string) =>
      (
        await api("POST", "/cron-monitors", {
          token: owner.access,
          body: { name, schedule_kind: "period", period_seconds: 3600 },
        })
      ).body.data as { id: number; ping_token: string };
    // Five pings per monitor: the most a monitor accepts in a minute (docs/limits.md).
    const ping = async (m: { ping_token: string }) => {
      for (let i = 0; i < 5; i++) expect((await fetch(`${server.baseUrl}/ping/${m.ping_token}`)).status).toBe(200);
    };
    const file = server.databaseUrl.replace(/^file:/, "");
    const pid = webPid(server.port);

    const monitors = await Promise.all(Array.from({ length: 8 }, (_, i) => monitor(`wal-${i}`)));
    for (const m of monitors) await ping(m);
    const PINGS = 40;
    const runsOf = async (m: { id: number }) =>
      (await api("GET", `/cron-monitors/${m.id}/runs?limit=200`, { token: owner.access })).body.meta.total as number;
    expect((await Promise.all(monitors.map(runsOf))).reduce((a, b) => a + b)).toBe(PINGS);
    // The runs are committed, in the WAL only: the web process holds no checkpointer.
    await new Promise((r) => setTimeout(r, 1000));
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(runsInDatabaseFile(file)).toBe(0);
    expect(openDescriptorsOn(pid, file)).toBeLessThanOrEqual(2);
    expect(server.log()).not.toContain('"where":"checkpointer"');
    const before = (await api("GET", "/status")).body.data.workers.checkpointer;
    expect(before).toEqual({ state: "not_started", error: expect.stringContaining("not in this process") });

    // A looping sweeper on the same database, as `npm start` or `npm run sweep -- --loop` runs it.
    const sweeper = startSweep(null, { DATA_DIR: server.dataDir }, ["--loop", "--interval", "3600"]);
    cleanup.push(() => (sweeper.child.kill("SIGTERM"), sweeper.done));
    await sweeper.started;
    expect(await eventually(() => runsInDatabaseFile(file) === PINGS, 10_000)).toBe(true);
    expect((await api("GET", "/status")).body.data.workers.checkpointer).toEqual({ state: "running" });
    // The web process still holds no more than its two.
    expect(openDescriptorsOn(pid, file)).toBeLessThanOrEqual(2);

    // Pings after it keep being checkpointed by the sweeper while it runs.
    await ping(await monitor("wal-after"));
    expect(await eventually(() => runsInDatabaseFile(file) === PINGS + 5, 10_000)).toBe(true);
    sweeper.child.kill("SIGTERM");
    const run = await sweeper.done;
    expect(run.code).toBe(0);
    expect(run.lines).toContainEqual(expect.objectContaining({ where: "checkpointer", event: "started" }));
    expect(run.lines.filter((l) => l.where === "checkpointer" && l.level !== "info")).toEqual([]);

    // The standalone ingest, with no sweeper left running, checkpoints on a thread of its own: its
    // commits need not copy the WAL back on the ping path (a one-off sweep checkpoints once a minute).
    const ingest = await startPingServer({ DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl });
    cleanup.push(() => ingest.child.kill("SIGTERM"));
    const late = await monitor("wal-ingest");
    for (let i = 0; i < 5; i++) expect((await fetch(`${ingest.url}/ping/${late.ping_token}`)).status).toBe(200);
    expect(await eventually(() => runsInDatabaseFile(file) === PINGS + 10, 10_000)).toBe(true);
  }, 120_000);

  it("returns to under 16 MB within a minute of quiet after pings grew it past 64 MB", async () => {
    // `npm start` as is: its embedded sweeper runs the checkpointer.
    const lifeline = await dedicatedLifeline();
    cleanup.push(() => lifeline.stop());
    const { server } = lifeline;
    const owner = await registerOn(server, "wal-burst");
    const monitors = await manyMonitorsOn(lifeline, owner, 160, "burst");
    const file = server.databaseUrl.replace(/^file:/, "");
    const wal = () => fs.statSync(`${file}-wal`).size;

    // A reader holding its snapshot (as a long report would) keeps checkpoints from reusing the WAL,
    // so the pings' 72 MB of logs (5 per monitor, the most a minute allows, of 90 KB each) all land
    // in it and the file grows past 64 MB, as a sustained stream did when checkpoints fell behind.
    const reader = new Database(file, { readonly: true });
    reader.prepare("BEGIN").run();
    reader.prepare("SELECT count(*) AS n FROM cron_runs").get();
    const body = () => crypto.randomBytes(67_500).toString("base64"); // 90,000 bytes that do not compress
    const sends = [0, 1, 2, 3, 4].flatMap(() => monitors);
    for (let i = 0; i < sends.length; i += 8) {
      const answers = await Promise.all(
        sends
          .slice(i, i + 8)
          .map((m) =>
            fetch(`${server.baseUrl}/ping/${m.ping_token}`, { method: "POST", body: body() }).then((r) => r.status),
          ),
      );
      expect(answers).toEqual(answers.map(() => 200));
    }
    expect(wal()).toBeGreaterThan(64 * 1024 * 1024);
    reader.prepare("COMMIT").run();
    reader.close();

    // Quiet: the checkpointer copies the frames back and truncates the file.
    const quietFrom = Date.now();
    expect(await eventually(() => wal() < 16 * 1024 * 1024, 60_000)).toBe(true);
    expect(Date.now() - quietFrom).toBeLessThan(60_000);
    expect(runsInDatabaseFile(file)).toBe(sends.length); // every run is in the database file itself
  }, 180_000);
});

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { databaseKind } from "../support/db";
import { openEngineDb, type EngineDb } from "../support/engine-db";
import { call, registerUser, serviceToken, type TestUser } from "../support/http";
import { startLifeline, type RunningLifeline } from "../support/lifeline";
import { createMonitor, ping, uuid } from "../support/monitors";
import { freshDatabase, testPgServer, type PgServer } from "../support/pg-database";
import { startReceiver } from "../support/sweeper";
import { EXOTIC } from "../support/text";

// Moving up: `npm run db:copy` copies the SQLite database of the running test server (this test's
// data and every earlier test file's) into an empty PostgreSQL database; every row arrives, and
// Lifeline started on the copy serves the same data.
const TABLES = [
  "users",
  "sessions",
  "organizations",
  "memberships",
  "service_tokens",
  "projects",
  "services",
  "cron_monitors",
  "cron_runs",
  "cron_run_logs",
  "incidents",
  "outbox",
  "integrations",
  "deliveries",
  "system_status",
];

let pg: PgServer;
let targetUrl: string;
let snapshot: string;
let user: TestUser;
let monitor: Record<string, any>;
/** Rows named in every script the text rule allows, read back from the copy byte for byte. */
let exotic: { paths: string[]; rid: string; monitorId: number };
const open: EngineDb[] = [];
const servers: RunningLifeline[] = [];

/** Rows in one form on both engines: timestamps of either SQLite text form as ISO, in one order. */
async function tableRows(db: EngineDb, table: string): Promise<unknown[][]> {
  const rows = await db.query(`SELECT * FROM "${table}"`);
  const norm = (v: unknown) =>
    typeof v === "string" && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(v)
      ? new Date(/Z|[+-]\d{2}:\d{2}$/.test(v) ? v : `${v.replace(" ", "T")}Z`).toISOString()
      : v;
  // Sorted by the whole row: neither engine promises an order for SELECT *, and a first column
  // that is often null (cron_runs.baseline_ms) would leave the order to chance.
  return rows
    .map((r) =>
      Object.keys(r)
        .sort()
        .map((k) => [k, norm(r[k])]),
    )
    .map((row) => ({ row, key: JSON.stringify(row) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.row);
}

describe.runIf(databaseKind() === "sqlite")("npm run db:copy (SQLite to PostgreSQL)", () => {
  beforeAll(async () => {
    // Real data through the real server: users, a service token, a project, a service, monitors,
    // runs with logs, a failure (incident, outbox), a webhook and its delivery.
    const receiver = await startReceiver();
    try {
      user = await registerUser("mover");
      await serviceToken(user, ["cronmonitor.view"]);
      const project = await call("POST", "/projects", { token: user.access, body: { name: "Moving" } });
      await call("POST", "/services", {
        token: user.access,
        body: { name: "site", type: "http", config: { url: "https://example.com" }, project_id: project.body.data.id },
      });
      const hook = await call("POST", "/integrations", {
        token: user.access,
        body: { name: "hook", kind: "webhook", url: receiver.url, is_default: true },
      });
      expect(hook.status).toBe(201);
      await call("POST", `/integrations/${hook.body.data.id}/test`, { token: user.access });
      monitor = await createMonitor(user, { name: "nightly-backup" });
      const other = await createMonitor(user);
      const rid = uuid();
      await ping(monitor.ping_token, "/start", { rid });
      await ping(monitor.ping_token, "", { rid, body: "backup done: 42 files" });
      await ping(other.ping_token, "/fail", { body: "disk full" });
      const exoticProject = await call("POST", "/projects", {
        token: user.access,
        body: { name: EXOTIC, description: EXOTIC, icon: "📦" },
      });
      const exoticService = await call("POST", "/services", {
        token: user.access,
        body: { name: EXOTIC, type: "http", config: { url: "https://example.com", keyword: EXOTIC } },
      });
      const exoticMonitor = await createMonitor(user, { name: EXOTIC, icon: "👩‍👩‍👧" });
      const exoticRid = uuid();
      await ping(exoticMonitor.ping_token, "", { rid: exoticRid, body: `${EXOTIC}\n${EXOTIC}` });
      exotic = {
        paths: [
          `/projects/${exoticProject.body.data.id}`,
          `/services/${exoticService.body.data.id}`,
          `/cron-monitors/${exoticMonitor.id}`,
        ],
        rid: exoticRid,
        monitorId: exoticMonitor.id,
      };
    } finally {
      await receiver.close();
    }
    // A consistent snapshot of the live database (the server keeps running), then the copy.
    snapshot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-copy-")), "source.db");
    const source = new Database(path.join(inject("dataDir"), "lifeline.db"), { readonly: true });
    await source.backup(snapshot);
    source.close();
    pg = await testPgServer();
    targetUrl = await freshDatabase(pg.url, "lifeline_copy");
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const db of open) await db.close();
    await pg?.stop();
  });

  it("copies every table's rows and contents in one command, and refuses a target that is not empty", async () => {
    const copy = () =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/db-copy.ts", "--from", snapshot, "--to", targetUrl], {
        encoding: "utf8",
        timeout: 120_000,
      });
    const first = copy();
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/copied \d+ rows in \d+ tables/);
    // A count of one reads "1 row", every other count "N rows".
    const counted = first.stdout.split("\n").filter((l) => /^\[lifeline\] \w+: \d+ rows?$/.test(l));
    expect(counted.length).toBeGreaterThan(5);
    for (const line of counted) expect(line).toMatch(/: (1 row|(0|[2-9]|1\d)\d* rows)$/);

    const from = openEngineDb(`file:${snapshot}`);
    const to = openEngineDb(targetUrl);
    open.push(from, to);
    for (const table of TABLES) {
      const [a, b] = [await tableRows(from, table), await tableRows(to, table)];
      expect(b.length, table).toBe(a.length);
      expect(b, table).toEqual(a);
    }
    for (const table of [
      "users",
      "cron_monitors",
      "cron_runs",
      "cron_run_logs",
      "incidents",
      "outbox",
      "deliveries",
      "services",
    ]) {
      expect((await tableRows(to, table)).length, `${table} has rows to copy`).toBeGreaterThan(0);
    }

    const again = copy();
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("the target is not empty");
  });

  it("blames --to, not DATABASE_URL, when the target URL cannot be used", () => {
    const bad = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/db-copy.ts",
        "--from",
        snapshot,
        "--to",
        "postgres://lifeline:secret@127.0.0.1:1/lifeline",
      ],
      {
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe(
      "[lifeline] db:copy failed: cannot use the PostgreSQL database at 127.0.0.1:1/lifeline (--to): connection refused",
    );
  });

  it("lets Lifeline started on the copy serve the same monitor, accept pings and hand out new ids", async () => {
    const appSecret = fs.readFileSync(path.join(inject("dataDir"), "app-secret"), "utf8").trim();
    const copyServer = await startLifeline({ DATABASE_URL: targetUrl, APP_SECRET: appSecret });
    servers.push(copyServer);
    const on = (base: string, p: string, opts: Parameters<typeof call>[2] = {}) =>
      call("GET", `${base}/api/v1${p}`, { token: user.access, ...opts });
    const original = await on(inject("baseUrl"), `/cron-monitors/${monitor.id}`);
    const copied = await on(copyServer.baseUrl, `/cron-monitors/${monitor.id}`);
    expect(copied.status).toBe(200);
    const { ping_url: _a, ...originalFields } = original.body.data;
    const { ping_url: _b, ...copiedFields } = copied.body.data;
    expect(copiedFields).toEqual(originalFields);
    expect((await on(copyServer.baseUrl, `/cron-monitors/${monitor.id}/runs`)).body.data).toEqual(
      (await on(inject("baseUrl"), `/cron-monitors/${monitor.id}/runs`)).body.data,
    );

    // Exotic text arrives byte for byte: every row answers the same body from the copy.
    for (const p of exotic.paths) {
      const [a, b] = [await on(inject("baseUrl"), p), await on(copyServer.baseUrl, p)];
      expect(b.status, p).toBe(200);
      expect(b.body.data.name, p).toBe(EXOTIC);
      const { ping_url: _c, ...fromCopy } = b.body.data;
      const { ping_url: _d, ...fromOriginal } = a.body.data;
      expect(fromCopy, p).toEqual(fromOriginal);
    }
    const exoticLog = await on(copyServer.baseUrl, `/cron-monitors/${exotic.monitorId}/runs/${exotic.rid}/log`);
    expect(exoticLog.text).toBe(`${EXOTIC}\n${EXOTIC}`);

    const login = await call("POST", `${copyServer.baseUrl}/api/v1/auth/login`, {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    expect((await ping(`${copyServer.baseUrl}/ping/${monitor.ping_token}`)).status).toBe(200);
    const created = await call("POST", `${copyServer.baseUrl}/api/v1/cron-monitors`, {
      token: user.access,
      body: { name: "after-the-move", schedule_kind: "period", period_seconds: 3600 },
    });
    expect(created.status).toBe(201);
    const source = openEngineDb(`file:${snapshot}`);
    open.push(source);
    const maxCopied = (await source.one<{ n: number }>("SELECT max(id) AS n FROM cron_monitors"))!.n;
    expect(created.body.data.id).toBeGreaterThan(maxCopied);
  });
});

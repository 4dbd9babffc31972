import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

const SOURCE = path.join(process.cwd(), "prisma", "migrations", "sqlite");

/**
 * Upgrading a database that holds data through every later migration keeps that data: table
 * rebuilds must not cascade deletes through foreign keys.
 */
describe("SQLite migrations", () => {
  it("keep monitors, runs, logs and incidents when later migrations rebuild tables", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-migrate-"));
    process.env.DATA_DIR = dir; // before src/env is first used
    const { migrate } = await import("../../src/server/migrate");
    const names = fs.readdirSync(SOURCE).sort();
    expect(names.length).toBeGreaterThan(1);
    const staged = path.join(dir, "migrations");
    fs.cpSync(path.join(SOURCE, names[0]!), path.join(staged, "sqlite", names[0]!), { recursive: true });
    const url = `file:${path.join(dir, "lifeline.db")}`;
    expect(await migrate(url, () => {}, staged)).toEqual([names[0]]);

    const db = new Database(path.join(dir, "lifeline.db"));
    const t = "2026-11-01T00:00:00.000+00:00";
    db.exec(`INSERT INTO organizations (id, slug, name, plan, created_at) VALUES (1, 'acme', 'Acme', 'free', '${t}')`);
    db.exec(`INSERT INTO cron_monitors (id, org_id, name, schedule_kind, period_seconds, ping_token, created_at, updated_at)
             VALUES (1, 1, 'backup', 'period', 3600, '${"a".repeat(43)}', '${t}', '${t}')`);
    db.exec(
      `INSERT INTO cron_runs (id, monitor_id, rid, status, started_at, created_at) VALUES (1, 1, 'r1', 'success', '${t}', '${t}')`,
    );
    db.exec(`INSERT INTO cron_run_logs (run_id, body) VALUES (1, 'output')`);
    db.exec(
      `INSERT INTO incidents (id, org_id, cron_monitor_id, kind, status, reason, opened_at) VALUES (1, 1, 1, 'failed', 'open', '', '${t}')`,
    );
    db.close();

    fs.cpSync(SOURCE, path.join(staged, "sqlite"), { recursive: true });
    expect(await migrate(url, () => {}, staged)).toEqual(names.slice(1));

    const after = new Database(path.join(dir, "lifeline.db"), { readonly: true });
    const count = (table: string) => (after.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([count("cron_monitors"), count("cron_runs"), count("cron_run_logs"), count("incidents")]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(after.prepare("SELECT name, ping_token FROM cron_monitors").get()).toEqual({
      name: "backup",
      ping_token: "a".repeat(43),
    });
    after.close();
  });

  it("cut the edges left across organizations, recording each, and keep an organization's own", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-migrate-"));
    process.env.DATA_DIR = dir;
    const { migrate } = await import("../../src/server/migrate");
    const names = fs.readdirSync(SOURCE).sort();
    const at = names.findIndex((n) => n.endsWith("_edge_removals"));
    const staged = path.join(dir, "migrations");
    for (const n of names.slice(0, at))
      fs.cpSync(path.join(SOURCE, n), path.join(staged, "sqlite", n), { recursive: true });
    const url = `file:${path.join(dir, "lifeline.db")}`;
    await migrate(url, () => {}, staged);

    const db = new Database(path.join(dir, "lifeline.db"));
    const t = "2026-11-01T00:00:00.000+00:00";
    db.exec(
      `INSERT INTO organizations (id, slug, name, plan, created_at) VALUES (1, 'alice', 'A', 'free', '${t}'), (2, 'bob', 'B', 'free', '${t}')`,
    );
    db.exec(`INSERT INTO users (id, email, password_hash, default_org_id, created_at, updated_at)
             VALUES (1, 'a@example.test', 'x', 1, '${t}', '${t}'), (2, 'b@example.test', 'x', 2, '${t}', '${t}')`);
    db.exec(
      `INSERT INTO memberships (org_id, user_id, role, created_at) VALUES (1, 1, 'owner', '${t}'), (2, 2, 'owner', '${t}')`,
    );
    db.exec(`INSERT INTO services (id, user_id, name, type, interval, config, created_at, updated_at)
             VALUES (1, 2, 'bob''s', 'http', 300, '{}', '${t}', '${t}'), (2, 1, 'alice''s', 'http', 300, '{}', '${t}', '${t}')`);
    db.exec(`INSERT INTO cron_monitors (id, org_id, name, schedule_kind, period_seconds, ping_token, created_at, updated_at)
             VALUES (1, 1, 'backup', 'period', 3600, '${"a".repeat(43)}', '${t}', '${t}')`);
    db.exec(`INSERT INTO dependencies (org_id, child_cron_monitor_id, parent_service_id) VALUES (1, 1, 1), (1, 1, 2)`);
    db.exec(
      `INSERT INTO status_pages (id, org_id, slug, title, created_at, updated_at) VALUES (1, 1, 'p', 'P', '${t}', '${t}')`,
    );
    db.exec(`INSERT INTO status_page_components (page_id, position, service_id) VALUES (1, 0, 1), (1, 1, 2)`);
    db.close();

    fs.cpSync(SOURCE, path.join(staged, "sqlite"), { recursive: true });
    await migrate(url, () => {}, staged);
    const after = new Database(path.join(dir, "lifeline.db"), { readonly: true });
    expect(after.prepare("SELECT parent_service_id FROM dependencies").all()).toEqual([{ parent_service_id: 2 }]);
    expect(after.prepare("SELECT service_id FROM status_page_components").all()).toEqual([{ service_id: 2 }]);
    expect(
      after
        .prepare("SELECT org_id, object_type, object_id, edge, target_type, target_id FROM edge_removals ORDER BY id")
        .all(),
    ).toEqual([
      {
        org_id: 1,
        object_type: "cron_monitor",
        object_id: 1,
        edge: "depends_on",
        target_type: "service",
        target_id: 1,
      },
      {
        org_id: 1,
        object_type: "status_page",
        object_id: 1,
        edge: "status_page_component",
        target_type: "service",
        target_id: 1,
      },
    ]);
    after.close();
  });

  it("keep a custom domain stored before verification as an unverified claim without a token, its page's components and subscribers kept", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-migrate-"));
    process.env.DATA_DIR ??= dir;
    const { migrate } = await import("../../src/server/migrate");
    const names = fs.readdirSync(SOURCE).sort();
    const mine = names.findIndex((n) => n.endsWith("_status_page_domain_verification"));
    expect(mine).toBeGreaterThan(0);
    const staged = path.join(dir, "migrations");
    for (const n of names.slice(0, mine))
      fs.cpSync(path.join(SOURCE, n), path.join(staged, "sqlite", n), { recursive: true });
    const url = `file:${path.join(dir, "lifeline.db")}`;
    await migrate(url, () => {}, staged);
    const db = new Database(path.join(dir, "lifeline.db"));
    const t = "2026-11-01T00:00:00.000+00:00";
    db.exec(`INSERT INTO organizations (id, slug, name, plan, created_at) VALUES (1, 'acme', 'Acme', 'free', '${t}')`);
    db.exec(`INSERT INTO cron_monitors (id, org_id, name, schedule_kind, period_seconds, ping_token, created_at, updated_at)
             VALUES (1, 1, 'backup', 'period', 3600, '${"a".repeat(43)}', '${t}', '${t}')`);
    db.exec(
      `INSERT INTO status_pages (id, org_id, slug, title, custom_domain, updated_at) VALUES (1, 1, 'acme', 'Acme', 'status.acme.example', '${t}')`,
    );
    db.exec(`INSERT INTO status_page_components (page_id, position, cron_monitor_id) VALUES (1, 0, 1)`);
    db.exec(`INSERT INTO status_page_subscribers (page_id, email, unsubscribe_salt) VALUES (1, 'a@acme.example', 's')`);
    db.close();

    fs.cpSync(SOURCE, path.join(staged, "sqlite"), { recursive: true });
    expect(await migrate(url, () => {}, staged)).toEqual(names.slice(mine));
    const after = new Database(path.join(dir, "lifeline.db"), { readonly: true });
    expect(
      after
        .prepare(
          "SELECT custom_domain, verified_domain, domain_token_hash, domain_check_at, domain_failures FROM status_pages",
        )
        .get(),
    ).toEqual({
      custom_domain: "status.acme.example",
      verified_domain: null,
      domain_token_hash: null,
      domain_check_at: null,
      domain_failures: 0,
    });
    const count = (table: string) => (after.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([count("status_page_components"), count("status_page_subscribers")]).toEqual([1, 1]);
    after.close();
  });
});

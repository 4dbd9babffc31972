import type Database from "better-sqlite3";
import { call, type TestUser } from "./http";
import { writableDb } from "./monitors";

/**
 * Seeding straight into the running server's SQLite file (through `writableDb`), for state that no
 * endpoint produces (runs, projects, an armed schedule). Timestamps are written as Prisma's adapter
 * writes them.
 */
export { writableDb };

export const dbTime = (date: Date) => date.toISOString().replace("Z", "+00:00");

export type SeedRun = {
  status: "running" | "success" | "fail" | "missed";
  startedAt: Date;
  durationMs?: number | null;
  overlapped?: boolean;
  drifted?: boolean;
};

export function seedRuns(sqlite: Database.Database, monitorId: number, runs: SeedRun[]): void {
  const insert = sqlite.prepare(
    `INSERT INTO cron_runs (monitor_id, rid, status, started_at, finished_at, duration_ms, overlapped, drifted, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (const run of runs) {
      const finished = run.durationMs == null ? null : dbTime(new Date(run.startedAt.getTime() + run.durationMs));
      insert.run(
        monitorId, crypto.randomUUID(), run.status, dbTime(run.startedAt), finished, run.durationMs ?? null,
        run.overlapped ? 1 : 0, run.drifted ? 1 : 0, dbTime(new Date()),
      );
    }
  })();
}

/** A project of the user, through the projects API. */
export async function createProject(user: TestUser, name: string): Promise<number> {
  const res = await call("POST", "/projects", { token: user.access, body: { name } });
  if (res.status !== 201) throw new Error(`create project failed: ${res.status} ${res.text}`);
  return res.body.data.id;
}

export function orgIdOf(sqlite: Database.Database, slug: string): number {
  return (sqlite.prepare(`SELECT id FROM organizations WHERE slug = ?`).get(slug) as { id: number }).id;
}

/** A valid create body; override any field. */
export function monitorBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: `job-${crypto.randomUUID().slice(0, 6)}`, schedule_kind: "cron", cron_expression: "*/5 * * * *", ...overrides };
}

export async function createMonitor(user: TestUser | string, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const token = typeof user === "string" ? user : user.access;
  const res = await call("POST", "/cron-monitors", { token, body: monitorBody(overrides), headers });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data as Record<string, any>;
}

import { dbTime, testDb } from "./db";
import { call, type TestUser } from "./http";

/**
 * Seeding straight into the running server's database (through `testDb()`), for state that no
 * endpoint produces (runs, projects, an armed schedule).
 */
export { dbTime, testDb };

export type SeedRun = {
  status: "running" | "success" | "fail" | "missed";
  startedAt: Date;
  durationMs?: number | null;
  overlapped?: boolean;
  drifted?: boolean;
};

export async function seedRuns(monitorId: number, runs: SeedRun[]): Promise<void> {
  await testDb().transaction(async (tx) => {
    for (const run of runs) {
      const finished = run.durationMs == null ? null : new Date(run.startedAt.getTime() + run.durationMs);
      await tx.run(
        `INSERT INTO cron_runs (monitor_id, rid, status, started_at, finished_at, duration_ms, overlapped, drifted, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          monitorId,
          crypto.randomUUID(),
          run.status,
          run.startedAt,
          finished,
          run.durationMs ?? null,
          !!run.overlapped,
          !!run.drifted,
          new Date(),
        ],
      );
    }
  });
}

/** A project of the user, through the projects API. */
export async function createProject(user: TestUser, name: string): Promise<number> {
  const res = await call("POST", "/projects", { token: user.access, body: { name } });
  if (res.status !== 201) throw new Error(`create project failed: ${res.status} ${res.text}`);
  return res.body.data.id;
}

export async function orgIdOf(slug: string): Promise<number> {
  return (await testDb().one<{ id: number }>(`SELECT id FROM organizations WHERE slug = ?`, [slug]))!.id;
}

/** A valid create body; override any field. */
export function monitorBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `job-${crypto.randomUUID().slice(0, 6)}`,
    schedule_kind: "cron",
    cron_expression: "*/5 * * * *",
    ...overrides,
  };
}

export async function createMonitor(
  user: TestUser | string,
  overrides: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  const token = typeof user === "string" ? user : user.access;
  const res = await call("POST", "/cron-monitors", { token, body: monitorBody(overrides), headers });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data as Record<string, any>;
}

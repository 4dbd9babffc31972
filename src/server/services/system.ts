import { env } from "../../env";
import { db } from "../db";
import { checkpointerState, type WorkerState } from "../storage/sqlite/checkpointer";
import { apiStore } from "../storage/api-store";
import pkg from "../../../package.json" with { type: "json" };

export async function health(): Promise<{ status: "ok"; database: "ok" }> {
  await apiStore().ping();
  return { status: "ok", database: "ok" };
}

/** The last successful sweep, as the sweeper records it under `system_status.sweep`. */
export type SweepReport = { at: string; duration_ms: number; counts: Record<string, number> };

export type SweeperState = { state: "starting" | "running" | "late" | "not_started"; last_sweep_at: string | null };

export async function status() {
  const sweep = await db().systemStatus.findUnique({ where: { key: "sweep" } });
  const lastSweep = sweep ? (JSON.parse(sweep.value) as SweepReport) : null;
  return {
    version: pkg.version,
    database: env().databaseKind,
    last_sweep: lastSweep,
    workers: { checkpointer: checkpointerOf(), sweeper: sweeperOf(lastSweep, new Date()) },
  };
}

/** The WAL checkpointer thread runs inside the web process on SQLite only. */
function checkpointerOf(): WorkerState {
  return env().databaseKind === "sqlite" ? checkpointerState() : { state: "not_started", error: "not needed on PostgreSQL" };
}

/**
 * The sweeper is its own process (started beside the web app, or run elsewhere): it is `running` while its
 * sweeps land on time (within two intervals and a minute), `late` when they stop, `starting` until
 * the first one.
 */
export function sweeperOf(last: SweepReport | null, now: Date): SweeperState {
  if (!last) return { state: "starting", last_sweep_at: null };
  const ageMs = now.getTime() - Date.parse(last.at);
  const onTime = ageMs <= 2 * env().sweepIntervalSeconds * 1000 + 60_000;
  return { state: onTime ? "running" : "late", last_sweep_at: last.at };
}

import crypto from "node:crypto";
import os from "node:os";
import { STALE_BEAT_SECONDS, WORKER_KEY_PREFIX, workerKey, type WorkerBeat, type WorkerState } from "../domain/workers";
import type { SqlRunner } from "../storage/runner";

const UPSERT = `INSERT INTO system_status (key, value, updated_at) VALUES (?, ?, ?)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`;
const FORGET = `DELETE FROM system_status WHERE key = ?`;
const FORGET_STALE = `DELETE FROM system_status WHERE key LIKE '${WORKER_KEY_PREFIX}%' AND updated_at < ?`;

/**
 * A sweeper process's heartbeat (src/server/domain/workers.ts): beat at start and after every sweep,
 * stop on a graceful exit. Each beat carries its WAL checkpointer's state when it runs one (SQLite).
 */
export function sweeperHeartbeat(
  sql: SqlRunner,
  mode: WorkerBeat["mode"],
  intervalSeconds: number,
  checkpointer?: () => WorkerState,
) {
  const startedAt = new Date().toISOString();
  const base = {
    id: crypto.randomUUID(),
    kind: "sweeper" as const,
    pid: process.pid,
    host: os.hostname(),
    mode,
    interval_seconds: intervalSeconds,
    started_at: startedAt,
  };
  const key = workerKey(base);
  return {
    id: base.id,
    /** Records that this process is alive now (wall-clock time, whatever instant a sweep sweeps as). */
    async beat(): Promise<void> {
      const now = new Date();
      const beat: WorkerBeat = { ...base, seen_at: now.toISOString(), checkpointer: checkpointer?.() };
      await sql.run(UPSERT, [key, JSON.stringify(beat), now]);
      await sql.run(FORGET_STALE, [new Date(now.getTime() - STALE_BEAT_SECONDS * 1000)]);
    },
    /** Removes the heartbeat: this process no longer sweeps. */
    async stop(): Promise<void> {
      await sql.run(FORGET, [key]);
    },
  };
}

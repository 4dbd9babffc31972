/**
 * Background workers as GET /status reports them, pure: every instant is passed in. A worker
 * process (a sweeper) writes a heartbeat with its own id when it starts and after every sweep, and
 * removes it when it stops gracefully; /status reports the workers whose heartbeat is live, never a
 * worker inferred from the last sweep anyone made.
 */

/** One worker process's heartbeat, as stored under `system_status` key `worker:<kind>:<id>`. */
export type WorkerBeat = {
  id: string;
  kind: "sweeper";
  pid: number;
  host: string;
  /** `loop`: a long-running sweeper; `once`: one sweep of a scheduler (cron, CronJob). */
  mode: "loop" | "once";
  /** How often it beats (a one-off sweep: the minute of a cron schedule). */
  interval_seconds: number;
  started_at: string;
  seen_at: string;
  /** On SQLite: the state of the WAL checkpoints this process runs on its connection (absent on PostgreSQL). */
  checkpointer?: WorkerState;
};

/** What a background worker is doing, as GET /api/v1/status reports it. */
export type WorkerState = { state: "starting" | "running" | "failed" | "not_started"; error?: string };

export const WORKER_KEY_PREFIX = "worker:";

export function workerKey(beat: Pick<WorkerBeat, "kind" | "id">): string {
  return `${WORKER_KEY_PREFIX}${beat.kind}:${beat.id}`;
}

/** A heartbeat is live while it is at most two of its intervals and a minute old. */
export function isLive(beat: Pick<WorkerBeat, "seen_at" | "interval_seconds">, now: Date): boolean {
  return now.getTime() - Date.parse(beat.seen_at) <= (2 * beat.interval_seconds + 60) * 1000;
}

/** Heartbeats older than this are deleted (a process killed without its graceful stop leaves one). */
export const STALE_BEAT_SECONDS = 86_400;

export type SweeperState = "starting" | "running" | "late" | "not_started";

/**
 * The sweeper's state from its live processes: none is `not_started` (whatever an earlier process
 * swept); a live one is `starting` until the first sweep is recorded, `running` while sweeps land
 * within two of its intervals and a minute, `late` when they stop landing.
 */
export function sweeperState(
  live: Pick<WorkerBeat, "interval_seconds">[],
  lastSweepAt: string | null,
  now: Date,
): SweeperState {
  if (live.length === 0) return "not_started";
  if (lastSweepAt === null) return "starting";
  const intervalSeconds = Math.max(...live.map((b) => b.interval_seconds));
  return now.getTime() - Date.parse(lastSweepAt) <= (2 * intervalSeconds + 60) * 1000 ? "running" : "late";
}

/**
 * The WAL checkpointer's state from the live sweepers' heartbeats (on SQLite each sweeper
 * checkpoints on its own connection): `running` when any live one checkpoints, else the failure one
 * reports, else `starting`; `not_started` when no live sweeper reports checkpoints.
 */
export function checkpointerState(live: Pick<WorkerBeat, "checkpointer">[]): WorkerState {
  const states = live.flatMap((b) => (b.checkpointer ? [b.checkpointer] : []));
  if (states.some((s) => s.state === "running")) return { state: "running" };
  const failed = states.find((s) => s.state === "failed");
  if (failed) return { state: "failed", error: failed.error ?? "failed" };
  return states.some((s) => s.state === "starting") ? { state: "starting" } : { state: "not_started" };
}

/** Services that no platform probe has checked for this long make /status and the dashboard say so. */
export const PLATFORM_PROBE_MISSING_SECONDS = 180;

export type PlatformProbeState = "running" | "missing" | "not_needed";

/**
 * Whether the platform probes are at work: `not_needed` while no enabled service waits on them (each
 * names private probes, or there is none), `missing` when such services exist and no platform probe
 * has been seen for PLATFORM_PROBE_MISSING_SECONDS (or ever), else `running`.
 */
export function platformProbeState(servicesWaiting: boolean, lastSeenAt: Date | null, now: Date): PlatformProbeState {
  if (!servicesWaiting) return "not_needed";
  return lastSeenAt && now.getTime() - lastSeenAt.getTime() <= PLATFORM_PROBE_MISSING_SECONDS * 1000
    ? "running"
    : "missing";
}

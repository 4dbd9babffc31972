import { db } from "../db";
import { apiStore, databaseEngine, walCheckpointing } from "../storage/engine";
import {
  checkpointerState,
  isLive,
  platformProbeState,
  sweeperState,
  WORKER_KEY_PREFIX,
  type PlatformProbeState,
  type SweeperState,
  type WorkerBeat,
  type WorkerState,
} from "../domain/workers";
import { isoOrNull, isoSeconds } from "../../shared/time";
import pkg from "../../../package.json" with { type: "json" };

export async function health(): Promise<{ status: "ok"; database: "ok" }> {
  await apiStore().ping();
  return { status: "ok", database: "ok" };
}

/** The last successful sweep, as the sweeper records it under `system_status.sweep`. */
export type SweepReport = { at: string; duration_ms: number; counts: Record<string, number> };

type SweeperInstance = Pick<WorkerBeat, "id" | "pid" | "host" | "mode" | "started_at" | "seen_at">;

export async function status() {
  const now = new Date();
  const [rows, platform] = await Promise.all([
    db().systemStatus.findMany({
      where: { OR: [{ key: "sweep" }, { key: { startsWith: `${WORKER_KEY_PREFIX}sweeper:` } }] },
    }),
    platformProbeOf(now),
  ]);
  const sweep = rows.find((r) => r.key === "sweep");
  const lastSweep = sweep ? (JSON.parse(sweep.value) as SweepReport) : null;
  const beats = rows.filter((r) => r.key !== "sweep").map((r) => JSON.parse(r.value) as WorkerBeat);
  return {
    version: pkg.version,
    database: databaseEngine(),
    last_sweep: lastSweep,
    workers: {
      checkpointer: checkpointerOf(beats, now),
      sweeper: sweeperOf(beats, lastSweep, now),
      platform_probe: platform,
    },
  };
}

const NO_CHECKPOINTING_SWEEPER =
  "not in this process: the sweeper checkpoints the WAL and none is running; until one runs, the web process's writer checkpoints past its fallback threshold";

/**
 * Where the engine has a WAL to checkpoint (storage/engine.ts `walCheckpointing`), the checkpoints run in the sweeper processes (never in this web process, which
 * keeps its connections for requests), so their state comes from the live sweepers' heartbeats.
 */
function checkpointerOf(beats: WorkerBeat[], now: Date): WorkerState {
  const wal = walCheckpointing();
  if (!wal.needed) return { state: "not_started", error: wal.why };
  const state = checkpointerState(beats.filter((b) => isLive(b, now)));
  return state.state === "not_started" ? { state: "not_started", error: NO_CHECKPOINTING_SWEEPER } : state;
}

/** The sweeper processes alive now, from their heartbeats (domain/workers.ts), and the state they make. */
export function sweeperOf(
  beats: WorkerBeat[],
  last: SweepReport | null,
  now: Date,
): { state: SweeperState; last_sweep_at: string | null; instances: SweeperInstance[] } {
  const live = beats
    .filter((b) => isLive(b, now))
    .sort((a, b) => a.started_at.localeCompare(b.started_at) || a.id.localeCompare(b.id));
  return {
    state: sweeperState(live, last?.at ?? null, now),
    last_sweep_at: last?.at ?? null,
    instances: live.map((b) => ({
      id: b.id,
      pid: b.pid,
      host: b.host,
      mode: b.mode,
      started_at: isoSeconds(new Date(b.started_at)),
      seen_at: isoSeconds(new Date(b.seen_at)),
    })),
  };
}

const MISSING_MESSAGE =
  "No platform probe has been seen for a few minutes: services that name no private probe are not being checked. " +
  "Run `npm run probe` with a platform probe's token (npm run admin -- probe:platform), or deploy/kubernetes/probe.yaml.";

/** Whether services wait on the platform probes and when one was last seen (two indexed reads). */
async function platformProbeOf(
  now: Date,
): Promise<{ state: PlatformProbeState; last_seen_at: string | null; message: string | null }> {
  const [waiting, seen] = await Promise.all([
    db().serviceLane.findFirst({ where: { lane: 0, leasableAt: { not: null } }, select: { serviceId: true } }),
    db().probe.aggregate({ where: { kind: "platform" }, _max: { lastSeenAt: true } }),
  ]);
  const lastSeenAt = seen._max.lastSeenAt ?? null;
  const state = platformProbeState(waiting !== null, lastSeenAt, now);
  return { state, last_seen_at: isoOrNull(lastSeenAt), message: state === "missing" ? MISSING_MESSAGE : null };
}

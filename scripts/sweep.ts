// The sweeper: notices missed pings and overrunning runs, and delivers notifications.
//   npm run sweep                              one sweep, deliver pending notifications, exit
//                                              (for a system cron or a Kubernetes CronJob every minute)
//   npm run sweep -- --loop [--interval 30]    forever: a full sweep every interval (default
//                                              SWEEP_INTERVAL_SECONDS) and, in between, a sweep of
//                                              the due monitors as soon as a deadline passes (looked
//                                              up at least every SWEEP_WAKE_MAX_SECONDS); each
//                                              notification leaves as soon as its outbox row commits
//   npm run sweep -- --now <ISO>               one sweep as if it were that instant (also: SWEEP_NOW);
//                                              an instant in the future is refused unless --force
//                                              (for tests: it would mark monitors down early)
// Safe to run any number of times at once over one database. Logs a JSON line when it starts and
// one per sweep. Keeps a heartbeat with its own id under system_status (GET /api/v1/status lists
// the live sweepers from it), removed when it stops gracefully. On SQLite it also checkpoints the
// WAL on its connection (every 250 ms in a loop, once after a one-off sweep), so the web process
// needs no connection for that (src/server/storage/sqlite/checkpointer.ts).
import { logFatal, logLine, routeConsoleToLog } from "../src/server/observability/log";
import { parseArgs } from "node:util";
import { env } from "../src/env";
import { isoSeconds } from "../src/shared/time";
import { migrate } from "../src/server/migrate";
import { createDelivery, type Delivery } from "../src/server/notify/deliver";
import { createDispatcher } from "../src/server/notify/dispatcher";
import { runSweepLoop } from "../src/server/sweep/loop";
import type { Sweeper } from "../src/server/sweep/sweeper";
import { openSweepStorage } from "../src/server/sweep/open";
import { sweeperHeartbeat } from "../src/server/sweep/heartbeat";
import { operatorMetrics, watchOutbox } from "../src/server/observability/operator-metrics";
import { listenForOperatorMetrics } from "../src/server/observability/node-metrics";

/** The slack an instant given to --now may be ahead of this machine's clock without --force. */
const FUTURE_SLACK_MS = 5_000;

/** A looping sweeper also reads the outbox this often whatever it heard (claims of crashed workers expire). */
const DELIVERY_RESCAN_MS = 5000;

const log = (line: object) => logLine({ at: new Date().toISOString(), ...line });

function options() {
  const { values } = parseArgs({
    options: {
      loop: { type: "boolean", default: false },
      interval: { type: "string" },
      now: { type: "string" },
      force: { type: "boolean", default: false },
    },
  });
  const nowText = values.now ?? process.env.SWEEP_NOW;
  const now = nowText ? new Date(nowText) : null;
  if (now && Number.isNaN(now.getTime())) throw new Error(`--now/SWEEP_NOW is not an ISO 8601 instant: ${nowText}`);
  if (now && values.loop) throw new Error("--now makes one sweep; it cannot be combined with --loop");
  if (now && !values.force && now.getTime() > Date.now() + FUTURE_SLACK_MS) {
    throw new Error(
      `--now/SWEEP_NOW ${nowText} is in the future: a sweep there would mark monitors down and record missed runs before their time; add --force only in tests`,
    );
  }
  const interval = values.interval !== undefined ? Number(values.interval) : env().sweepIntervalSeconds;
  if (!Number.isInteger(interval) || interval < 1)
    throw new Error(`--interval must be a whole number of seconds, at least 1`);
  return { loop: values.loop, intervalMs: interval * 1000, now };
}

async function sweepOnce(sweeper: Sweeper, now: Date) {
  const endTimer = operatorMetrics().sweepSeconds.startTimer();
  const report = await sweeper.sweep(now);
  endTimer();
  log({ level: "info", event: "sweep", ...report });
}

async function deliver(delivery: Delivery) {
  const counts = await delivery.deliverPending();
  if (counts.events > 0) log({ level: "info", event: "delivery", ...counts });
}

async function main() {
  routeConsoleToLog(); // every line this process prints is a JSON log line
  const opts = options();
  const config = env();
  await migrate(config.databaseUrl);
  const storage = openSweepStorage(config, log);
  const sweeper = storage.sweeper;
  const delivery = createDelivery(storage.sql, {
    appUrl: config.appUrl,
    smtpUrl: config.smtpUrl,
    smtpFrom: config.smtpFrom,
    backoffMs: config.deliveryBackoffMs,
    log,
  });

  // One start line per process, right before the first sweep reads: a sweeper that never finishes
  // its sweep (a database locked for good) leaves a start line with no sweep line after it.
  const onceAt = opts.loop ? null : (opts.now ?? new Date());
  const mode = onceAt
    ? { once: true, now: isoSeconds(onceAt) }
    : { interval_seconds: opts.intervalMs / 1000, wake_max_seconds: config.sweepWakeMaxSeconds };
  // Its heartbeat: a loop beats before its first sweep and after every full one; a one-off sweep
  // beats once it has swept (so nothing is written between its start line and its sweep's read).
  const checkpointer = storage.checkpointer;
  const heartbeat = sweeperHeartbeat(
    storage.sql,
    onceAt ? "once" : "loop",
    onceAt ? 60 : opts.intervalMs / 1000,
    checkpointer ? () => checkpointer.state() : undefined,
  );
  const beat = () =>
    heartbeat
      .beat()
      .catch((err: unknown) =>
        log({ level: "error", event: "heartbeat.failed", error: err instanceof Error ? err.message : String(err) }),
      );
  if (!onceAt) {
    // Its first round runs now, so the first beat already says whether checkpoints work.
    checkpointer?.start();
    await beat();
  }
  log({ level: "info", event: "sweeper.started", sweeper_id: heartbeat.id, ...mode });

  if (onceAt) {
    await sweepOnce(sweeper, onceAt);
    checkpointer?.checkpoint();
    await beat();
    await deliver(delivery);
    await storage.close();
    return;
  }

  let stopping = false;
  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });
  const stop = () => ((stopping = true), wake());
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  // Operator metrics on SWEEPER_METRICS_PORT when METRICS_TOKEN is set (loop mode only).
  watchOutbox(storage.sql);
  listenForOperatorMetrics(process.env.SWEEPER_METRICS_PORT);
  // Delivery: woken by this process's sweeps, by other processes' outbox rows (the watch), and
  // every few seconds regardless.
  const dispatcher = createDispatcher(delivery, { log });
  const watch = storage.watchOutbox(() => dispatcher.wake());
  const rescan = setInterval(() => dispatcher.wake(), DELIVERY_RESCAN_MS);
  dispatcher.wake();

  let endSweepTimer: (() => void) | null = null;
  await runSweepLoop({
    sweeper,
    nextDeadline: storage.nextDeadline,
    intervalMs: opts.intervalMs,
    wakeMaxMs: config.sweepWakeMaxSeconds * 1000,
    swept: (counts) =>
      (counts.incidents_opened > 0 || counts.held_released > 0 || counts.reminders > 0) && dispatcher.wake(),
    // A full sweep's lag and duration (operator metrics), and the heartbeat after it.
    fullSweepStarting: (lateMs) => {
      operatorMetrics().sweepLagSeconds.set(lateMs / 1000);
      endSweepTimer = operatorMetrics().sweepSeconds.startTimer();
    },
    fullSweepEnded: async () => {
      endSweepTimer?.();
      endSweepTimer = null;
      await beat();
    },
    log,
    stopping: () => stopping,
    pause,
  });
  clearInterval(rescan);
  await watch.close();
  await dispatcher.stop();
  await heartbeat.stop().catch(() => {});
  await storage.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    logFatal(err);
    process.exit(1);
  },
);

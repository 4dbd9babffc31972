// The sweeper: notices missed pings and overrunning runs, and delivers notifications.
//   npm run sweep                              one sweep, deliver pending notifications, exit
//                                              (for a system cron or a Kubernetes CronJob every minute)
//   npm run sweep -- --loop [--interval 30]    forever: a sweep every interval (default
//                                              SWEEP_INTERVAL_SECONDS), delivery every 2 s
//   npm run sweep -- --now <ISO>               one sweep as if it were that instant (also: SWEEP_NOW)
// Safe to run any number of times at once over one database. Logs a JSON line when it starts and
// one per sweep.
import { parseArgs } from "node:util";
import { env } from "../src/env";
import { isoSeconds } from "../src/shared/time";
import { migrate } from "../src/server/migrate";
import { createDelivery, type Delivery } from "../src/server/notify/deliver";
import type { Sweeper } from "../src/server/sweep/sweep";
import { openSweepStorage } from "../src/server/storage/sweep-storage";

const DELIVERY_POLL_MS = 2000;

const log = (line: object) => console.log(JSON.stringify({ at: new Date().toISOString(), ...line }));

function options() {
  const { values } = parseArgs({
    options: { loop: { type: "boolean", default: false }, interval: { type: "string" }, now: { type: "string" } },
  });
  const nowText = values.now ?? process.env.SWEEP_NOW;
  const now = nowText ? new Date(nowText) : null;
  if (now && Number.isNaN(now.getTime())) throw new Error(`--now/SWEEP_NOW is not an ISO 8601 instant: ${nowText}`);
  if (now && values.loop) throw new Error("--now makes one sweep; it cannot be combined with --loop");
  const interval = values.interval !== undefined ? Number(values.interval) : env().sweepIntervalSeconds;
  if (!Number.isInteger(interval) || interval < 1) throw new Error(`--interval must be a whole number of seconds, at least 1`);
  return { loop: values.loop, intervalMs: interval * 1000, now };
}

async function sweepOnce(sweeper: Sweeper, now: Date) {
  const report = await sweeper.sweep(now);
  log({ level: "info", event: "sweep", ...report });
}

async function deliver(delivery: Delivery) {
  const counts = await delivery.deliverPending();
  if (counts.events > 0) log({ level: "info", event: "delivery", ...counts });
}

async function main() {
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
  const mode = onceAt ? { once: true, now: isoSeconds(onceAt) } : { interval_seconds: opts.intervalMs / 1000 };
  log({ level: "info", event: "sweeper.started", ...mode });

  if (onceAt) {
    await sweepOnce(sweeper, onceAt);
    await deliver(delivery);
    await storage.close();
    return;
  }

  let stopping = false;
  let wake = () => {};
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => (clearTimeout(timer), resolve());
  });
  const stop = () => ((stopping = true), wake());
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  const sweepLoop = async () => {
    while (!stopping) {
      const started = Date.now();
      try {
        await sweepOnce(sweeper, new Date());
      } catch (err) {
        log({ level: "error", event: "sweep.failed", error: err instanceof Error ? err.message : String(err) });
      }
      if (!stopping) await pause(Math.max(0, started + opts.intervalMs - Date.now()));
    }
  };
  const deliveryLoop = async () => {
    while (!stopping) {
      try {
        await deliver(delivery);
      } catch (err) {
        log({ level: "error", event: "delivery.failed", error: err instanceof Error ? err.message : String(err) });
      }
      if (!stopping) await new Promise((r) => setTimeout(r, DELIVERY_POLL_MS));
    }
  };
  await Promise.all([sweepLoop(), deliveryLoop()]);
  await storage.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`[sweep] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);

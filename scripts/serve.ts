// Runs Lifeline on one machine: the web server in this process (pings through the framework-free
// handler, everything else through Next; scripts/web-server.ts) and, unless `--web-only`, the
// sweeper loop and the embedded platform probe (scripts/probe.ts, checking services over this
// server's own HTTP endpoints like any other probe) as child processes. Started by `npm start`
// (scripts/start.mjs). `--web-only` serves the web app alone, with neither sweeper nor probe: for
// deployments that run `npm run sweep -- --loop` and `npm run probe` on their own (deploy/kubernetes/).
import { spawn, type ChildProcess } from "node:child_process";
import type http from "node:http";
import { env } from "../src/env";
import { logFatal, logger, routeConsoleToLog } from "../src/server/observability/log";
import { migrate } from "../src/server/migrate";
import { stopGracefully } from "../src/server/ping/node-http";
import { ensureEmbeddedProbe } from "../src/server/services/uptime/platform-probe";
import { startWebServer } from "./web-server";

async function main() {
  routeConsoleToLog(); // every line this process and its libraries print is a JSON log line
  const config = env(); // validates the configuration and creates DATA_DIR and APP_SECRET if needed
  await migrate(config.databaseUrl, (line) => logger().info({ event: "migration" }, line));
  const childEnv = {
    ...process.env,
    APP_SECRET: config.appSecret,
    NEXTAUTH_SECRET: config.appSecret,
    NEXTAUTH_URL: config.appUrl,
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl,
  };
  Object.assign(process.env, childEnv); // the web app runs in this process
  const children: ChildProcess[] = [];
  let web: http.Server | null = null;
  let stopping = false;
  const start = (name: string, args: string[], extraEnv: Record<string, string> = {}) => {
    const child = spawn(process.execPath, args, { stdio: "inherit", env: { ...childEnv, ...extraEnv } });
    child.on("exit", (code) => {
      if (!stopping)
        logger(2).error({ event: "child.exited", child: name, code }, `${name} exited (${code}); stopping`);
      void stopAll(stopping ? 0 : (code ?? 1));
    });
    children.push(child);
  };
  // Graceful stop (SIGTERM from a process manager or Kubernetes): the web server stops accepting and
  // answers what is in flight (pings only once committed), the sweeper finishes its round; then this
  // process exits. Whatever still runs after 25 s is cut.
  const stopAll = async (code: number) => {
    if (stopping && code !== 0) return;
    stopping = true;
    const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
    for (const c of running) c.kill("SIGTERM");
    const kill = setTimeout(() => running.forEach((c) => c.kill("SIGKILL")), 25_000);
    const webStopped = new Promise<void>((resolve) => (web ? stopGracefully(web, resolve) : resolve()));
    const childrenStopped = running.map(
      (c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r(null) : c.once("exit", r))),
    );
    await Promise.all([webStopped, ...childrenStopped]);
    clearTimeout(kill);
    process.exit(code);
  };
  process.on("SIGINT", () => void stopAll(0));
  process.on("SIGTERM", () => void stopAll(0));

  web = await startWebServer(config);
  logger().info(
    { event: "web.listening" },
    `web app listening on ${servedUrl(config.host, config.port)} (APP_URL ${config.appUrl}; database: ${config.databaseKind})`,
  );
  // The sweeper loop (missed pings, overrunning runs, housekeeping and notification delivery) and the
  // platform probe. `--web-only`: both run elsewhere (their own Deployments, a CronJob).
  if (process.argv.includes("--web-only")) {
    logger().info(
      "web only: no embedded sweeper and no embedded platform probe; run `npm run sweep -- --loop` and `npm run probe` (PROBE_TOKEN from `npm run admin -- probe:platform`) elsewhere, or services stay pending and missed pings go unnoticed",
    );
  } else {
    start("sweeper", [
      "--import",
      "tsx",
      "scripts/sweep.ts",
      "--loop",
      "--interval",
      String(config.sweepIntervalSeconds),
    ]);
    logger().info(
      config.sweepWakeMaxSeconds > 0
        ? `sweeper at every deadline (looked up at least every ${config.sweepWakeMaxSeconds} s), full sweep every ${config.sweepIntervalSeconds} s`
        : `sweeper every ${config.sweepIntervalSeconds} s`,
    );
    if (config.probeEmbedded) {
      const token = await ensureEmbeddedProbe(config.appSecret);
      start("probe", ["--import", "tsx", "scripts/probe.ts"], {
        APP_URL: localUrl(config.host, config.port),
        PROBE_TOKEN: token,
      });
      logger().info("platform probe running");
    } else {
      logger().info("PROBE_EMBEDDED=false: no embedded platform probe");
    }
  }
}

/** Where a child process on this machine reaches the web app (a wildcard host is reached on loopback). */
function localUrl(host: string, port: number): string {
  const h = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

/** The address the web app actually serves: the bound host and port (a wildcard host reads as localhost). */
function servedUrl(host: string, port: number): string {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

main().catch((err: unknown) => {
  logFatal(err);
  process.exit(1);
});

// Runs Lifeline on one machine: the web server in this process (pings through the framework-free
// handler, everything else through Next; scripts/web-server.ts) and, on the embedded default, the
// background workers as a child process. Started by `npm start` (scripts/start.mjs).
import { spawn, type ChildProcess } from "node:child_process";
import type http from "node:http";
import { env } from "../src/env";
import { migrate } from "../src/server/migrate";
import { startWebServer } from "./web-server";

async function main() {
  const config = env(); // validates the configuration and creates DATA_DIR and APP_SECRET if needed
  await migrate(config.databaseUrl, (line) => console.log(`[lifeline] ${line}`));
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
  const start = (name: string, args: string[]) => {
    const child = spawn(process.execPath, args, { stdio: "inherit", env: childEnv });
    child.on("exit", (code) => {
      console.error(`[lifeline] ${name} exited (${code}); stopping`);
      stopAll(code ?? 1);
    });
    children.push(child);
  };
  const stopAll = (code: number) => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
    if (!web) process.exit(code);
    web.close(() => process.exit(code));
    web.closeIdleConnections();
    setTimeout(() => process.exit(code), 5_000).unref();
  };
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));

  web = await startWebServer(config);
  console.log(`[lifeline] web app listening on ${servedUrl(config.host, config.port)} (APP_URL ${config.appUrl}; database: ${config.databaseKind})`);
  // The sweeper loop: missed pings, overrunning runs, housekeeping and notification delivery.
  if (config.databaseKind === "sqlite") {
    start("sweeper", ["node_modules/tsx/dist/cli.mjs", "scripts/sweep.ts", "--loop", "--interval", String(config.sweepIntervalSeconds)]);
    console.log(`[lifeline] sweeper every ${config.sweepIntervalSeconds} s`);
  } else {
    console.error("[lifeline] sweeper not started: it runs on SQLite only for now (missed pings go unnoticed)");
  }
}

/** The address the web app actually serves: the bound host and port (a wildcard host reads as localhost). */
function servedUrl(host: string, port: number): string {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

main().catch((err: unknown) => {
  console.error(`[lifeline] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

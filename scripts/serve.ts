// Runs Lifeline's processes side by side on one machine: the Next.js web app and, on the embedded
// default, the background workers. Started by `npm start` (scripts/start.mjs).
import { spawn, type ChildProcess } from "node:child_process";
import { env } from "../src/env";
import { migrate } from "../src/server/migrate";

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
  const children: ChildProcess[] = [];
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
    process.exit(code);
  };
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));

  start("web", ["node_modules/next/dist/bin/next", "start", "-p", String(config.port), "-H", config.host]);
  console.log(`[lifeline] web app on ${config.appUrl} (database: ${config.databaseKind})`);
  // The sweeper loop: missed pings, overrunning runs, housekeeping and notification delivery.
  if (config.databaseKind === "sqlite") {
    start("sweeper", ["--import", "tsx", "scripts/sweep.ts", "--loop", "--interval", String(config.sweepIntervalSeconds)]);
    console.log(`[lifeline] sweeper every ${config.sweepIntervalSeconds} s`);
  } else {
    console.error("[lifeline] sweeper not started: it runs on SQLite only for now (missed pings go unnoticed)");
  }
}

main().catch((err: unknown) => {
  console.error(`[lifeline] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

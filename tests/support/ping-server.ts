import { spawn, type ChildProcess } from "node:child_process";
import { databaseEnv } from "./db";
import { freePort } from "./ports";

/**
 * Starts the standalone ingest process (`npm run ping-server`) on the test server's database (or
 * the one `env` names).
 */
export async function startPingServer(env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // One process (`node --import tsx`), not tsx's CLI, which runs the script in a child: a kill -9
  // must hit the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/ping-server.ts"], {
    env: { ...process.env, PING_PORT: String(port), HOST: "127.0.0.1", ...databaseEnv(), NODE_ENV: "test", ...env },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${url}/ping/x`);
      return { url, child };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill("SIGKILL");
  throw new Error("ping server did not start");
}

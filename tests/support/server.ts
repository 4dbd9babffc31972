import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A port the system says is free right now (listen on port 0, read it, close). The system hands
 * out ephemeral ports (32768 and up here), above every port browsers and Next.js call unsafe.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export type Lifeline = { baseUrl: string; dataDir: string; logFile: string; log: () => string; stop: () => Promise<void> };

/**
 * Starts Lifeline exactly as `npm start` does (`node scripts/start.mjs`) on a free port with a fresh
 * DATA_DIR, and waits for /api/v1/health. Its output goes to `logFile`.
 */
export async function startLifeline(extraEnv: Record<string, string> = {}): Promise<Lifeline> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-test-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const out = fs.openSync(logFile, "w");
  const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_URL: baseUrl, NODE_ENV: "test", ...extraEnv },
    stdio: ["ignore", out, out],
    detached: true,
  });
  const log = () => fs.readFileSync(logFile, "utf8");
  const stop = async () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).status === 200) return { baseUrl, dataDir, logFile, log, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`Lifeline did not become healthy at ${baseUrl}:\n${log().slice(-3000)}`);
}

/** The pid of the process listening on this loopback port (the web app), found through /proc. */
export function webPid(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hex}`) && f[3] === "0A") inodes.add(f[9]!); // 0A: LISTEN
    }
  }
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${entry}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return Number(entry);
      } catch {
        /* closed meanwhile */
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

/** Resident memory of a process in bytes, from /proc/<pid>/status. */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

/** PostgreSQL's server binaries: PG_BIN, else the newest Debian install under /usr/lib/postgresql. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  return path.join(root, versions[0] ?? "15", "bin");
}

export type PgCluster = { url: string; port: number; dir: string; stop: () => Promise<void> };

/**
 * A throwaway PostgreSQL cluster (15 on these machines) in a temporary directory on a free port, trust auth on loopback
 * (user `postgres`). As root, initdb and the server run as the `postgres` user; Debian's package is
 * installed first when the binaries are missing and we are root.
 */
export async function startPgCluster(options: { durable?: boolean } = {}): Promise<PgCluster> {
  const root = process.getuid?.() === 0;
  let BIN = binDir();
  if (!fs.existsSync(path.join(BIN, "initdb"))) {
    if (!root)
      throw new Error(`PostgreSQL binaries not found in ${BIN}: install Debian's postgresql package or set PG_BIN`);
    execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
    execFileSync("apt-get", ["install", "-y", "-qq", "postgresql"], {
      stdio: "ignore",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    BIN = binDir();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-pg-"));
  fs.chmodSync(dir, 0o755);
  if (root) execFileSync("chown", ["postgres", dir]);
  const asOwner = (cmd: string, args: string[]) => {
    const r = root
      ? spawnSync("su", ["postgres", "-c", [path.join(BIN, cmd), ...args].map((a) => `'${a}'`).join(" ")], {
          encoding: "utf8",
        })
      : spawnSync(path.join(BIN, cmd), args, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const data = path.join(dir, "data");
  asOwner("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const port = await freePort();
  // Throwaway: durability off (fsync, full pages) makes the suite faster without changing semantics;
  // `durable` (the benchmarks) keeps PostgreSQL's defaults, so every commit is flushed as in production.
  const durability = options.durable ? "" : " -c fsync=off -c full_page_writes=off";
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durability} -c max_connections=200`;
  asOwner("pg_ctl", ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      try {
        asOwner("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// Shared pieces of the benchmarks: a fresh database, seeding, process start-up, autocannon runs,
// and writing the results table into docs/performance.md.
import { execSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";

export function freshDataDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `lifeline-bench-${name}-`));
}

/** Seeds one organization with `count` hourly period monitors; returns their ping tokens. */
export function seedMonitors(dbFile: string, count: number): string[] {
  const db = new Database(dbFile);
  db.pragma("journal_mode = WAL");
  const now = new Date().toISOString().replace("Z", "+00:00");
  const org = db
    .prepare(`INSERT INTO organizations (slug, name, plan, created_at) VALUES (?, 'bench', 'enterprise', ?)`)
    .run(`bench-${crypto.randomUUID().slice(0, 8)}`, now);
  const insert = db.prepare(
    `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, ping_token, created_at, updated_at)
     VALUES (?, ?, 'period', 3600, ?, ?, ?)`,
  );
  const tokens: string[] = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const token = crypto.randomBytes(32).toString("base64url");
      insert.run(org.lastInsertRowid, `job ${i}`, token, now, now);
      tokens.push(token);
    }
  })();
  db.close();
  return tokens;
}

export async function waitFor(url: string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer`);
}

/** POSTs JSON to the REST interface at `base` (with a bearer token when given); the parsed answer. */
export function apiPoster(base: string) {
  return async (route: string, body: unknown, token?: string) =>
    (
      await fetch(`${base}/api/v1${route}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json();
}

/** A fresh user registered through the REST interface at `base` (its own organization): access token and id. */
export async function registerBenchUser(base: string): Promise<{ token: string; userId: number }> {
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const registered = await apiPoster(base)("/auth/register", { email, password: "bench-password-123" });
  return { token: registered.data.access, userId: registered.data.user.id };
}

/** Starts `node <args>` in its own process group, in `cwd` (default: this checkout). */
export function start(args: string[], env: Record<string, string>, cwd?: string): ChildProcess {
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: "ignore", detached: true, cwd });
}

export function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
}

/** Resident memory (MiB) of the process listening on `port`. */
export function rssOfPort(port: number): number | null {
  try {
    const pid = execSync(`ss -ltnpH 'sport = :${port}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`, {
      encoding: "utf8",
    }).trim();
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

export type Result = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  rssMiB: number | null;
};

export async function load(
  name: string,
  opts: { url: string; duration: number; connections?: number; setupRequest?: autocannon.Options["requests"] },
  port: number,
): Promise<Result> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections ?? 50,
    duration: opts.duration,
    requests: opts.setupRequest,
  });
  const ok = result["2xx"];
  return {
    name,
    rps: Math.round(ok / opts.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    rssMiB: rssOfPort(port),
  };
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/**
 * CPU time the hypervisor gave to other guests (steal), as a share of all CPU time since `since`
 * (a reading of this function's `read`). On a shared virtual machine it says how quiet the run was:
 * the same code measures far slower when this is high.
 */
export const steal = {
  read(): number[] {
    return fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  },
  percentSince(since: number[]): number | null {
    if (since.length < 8) return null;
    const now = steal.read();
    const delta = now.map((v, i) => v - (since[i] ?? 0));
    const total = delta.slice(0, 8).reduce((a, b) => a + b, 0);
    return total > 0 ? Math.round((100 * delta[7]!) / total) : null;
  },
};

/**
 * CPU time (ms, user + system) a process has used so far, from /proc/<pid>/stat. Its difference over
 * a round divided by the pings served is the CPU a ping costs: unlike throughput, it barely moves when
 * other work shares the machine.
 */
export function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields from the 3rd on
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execSync("getconf CLK_TCK", { encoding: "utf8" }).trim()) || 100;

/**
 * CPU time (ms) of a process and all its descendants: its own, that of the children it has reaped
 * (cutime, cstime: a PostgreSQL backend that exited, a worker that ended) and that of each live descendant.
 */
export function treeCpuMsOf(pid: number): number {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* exited meanwhile */
    }
  }
  const inTree = (p: number): boolean => p === pid || (parentOf.has(p) && p > 1 && inTree(parentOf.get(p)!));
  let ticks = 0;
  for (const p of parentOf.keys()) {
    if (!inTree(p)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]); // utime stime cutime cstime
    } catch {
      /* exited meanwhile */
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** Replaces the section between `<!-- name:start -->` and `<!-- name:end -->` in docs/performance.md. */
export function writeSection(name: string, markdown: string) {
  const file = path.join("docs", "performance.md");
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Performance\n";
  const block = `<!-- ${name}:start -->\n${markdown.trim()}\n<!-- ${name}:end -->`;
  const re = new RegExp(`<!-- ${name}:start -->[\\s\\S]*?<!-- ${name}:end -->`);
  fs.writeFileSync(file, re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`);
}

/** The median of a scenario's rounds (req/s, p50, p99), every round's p99, and the sums of its failures. */
export function summarize(samples: Result[]) {
  return {
    name: samples[0]!.name,
    rps: median(samples.map((r) => r.rps)),
    p50: median(samples.map((r) => r.p50)),
    p99: median(samples.map((r) => r.p99)),
    p99s: samples.map((r) => r.p99),
    non2xx: samples.reduce((n, r) => n + r.non2xx, 0),
    errors: samples.reduce((n, r) => n + r.errors, 0),
    rssMiB: Math.max(...samples.map((r) => r.rssMiB ?? 0)) || null,
  };
}

export type Summary = ReturnType<typeof summarize>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

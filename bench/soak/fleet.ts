// The soak's processes, each started the way its deployment starts it: web processes as `npm start
// --web-only` (scripts/start.mjs), ingest processes as `npm run ping-server`, looping sweepers as
// `npm run sweep -- --loop`, probes as `npm run probe` (one `node --import tsx` process each, as the
// scale-out tests start them, so a kill -9 hits the process itself). Each member keeps its port
// across restarts (the probes and pingers name it), writes its output to a file of the run's
// directory, and is killed with its whole process group.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export type Role = "web" | "ingest" | "sweeper" | "probe";

export type Member = {
  role: Role;
  index: number;
  /** The web's base URL or the ingest process's; null for sweepers and probes. */
  url: string | null;
  /** The live process (replaced on restart). */
  child: ChildProcess;
  /** Where its output goes (appended across restarts). */
  logFile: string;
  starts: number;
};

export type MemberSpec = {
  role: Role;
  index: number;
  port?: number;
  args: string[];
  env: Record<string, string>;
};

const ready = {
  /** The web answers its health route. */
  web: (m: Member) => httpAnswers(`${m.url}/api/v1/health`, true),
  /** The ingest process answers anything on its port. */
  ingest: (m: Member) => httpAnswers(`${m.url}/ping/x`, false),
  /** The sweeper logged its start (right before its first sweep). */
  sweeper: (m: Member, from: number) => logHas(m.logFile, from, '"event":"sweeper.started"'),
  /** The probe registered with its web process. */
  probe: (m: Member, from: number) => logHas(m.logFile, from, '"event":"probe.started"'),
};

async function httpAnswers(url: string, needOk: boolean): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return !needOk || res.status === 200;
  } catch {
    return false;
  }
}

function logHas(file: string, from: number, text: string): boolean {
  try {
    const fd = fs.openSync(file, "r");
    try {
      const size = fs.fstatSync(fd).size;
      const buf = Buffer.alloc(Math.max(0, size - from));
      fs.readSync(fd, buf, 0, buf.length, from);
      return buf.toString("utf8").includes(text);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** Starts a member's process (its output appended to its log file) and resolves once it is ready. */
export async function launch(spec: MemberSpec, dir: string, member?: Member, timeoutMs = 420_000): Promise<Member> {
  const logFile = member?.logFile ?? path.join(dir, `${spec.role}-${spec.index}.log`);
  const from = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
  const out = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, spec.args, {
    env: { ...process.env, ...spec.env },
    stdio: ["ignore", out, out],
    detached: true, // its own process group: a web's kill takes its wrapper and server together
  });
  fs.closeSync(out);
  const url = spec.port ? `http://127.0.0.1:${spec.port}` : null;
  const m: Member = member
    ? Object.assign(member, { child, starts: member.starts + 1 })
    : { role: spec.role, index: spec.index, url, child, logFile, starts: 1 };
  const deadline = Date.now() + timeoutMs;
  while (!(await ready[spec.role](m, from))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      kill(m, "SIGKILL");
      const tail = fs.readFileSync(logFile, "utf8").slice(-2000);
      throw new Error(`${spec.role} ${spec.index} did not start:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return m;
}

/** Signals the member's process group; true when it was running. */
export function kill(m: Member, signal: NodeJS.Signals): boolean {
  const c = m.child;
  if (!c.pid || c.exitCode !== null || c.signalCode !== null) return false;
  try {
    process.kill(-c.pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Stops a member gracefully (SIGTERM to its group), then kills what is left after `graceMs`. */
export async function stopMember(m: Member, graceMs = 15_000): Promise<void> {
  const c = m.child;
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once("exit", r));
  kill(m, "SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
  kill(m, "SIGKILL");
}

/**
 * The pid whose memory counts: a web's server process (the child start.mjs spawned, holding the
 * port), else the process itself. Read from /proc; null when the process is gone.
 */
export function serverPid(m: Member): number | null {
  const pid = m.child.pid;
  if (!pid || m.child.exitCode !== null || m.child.signalCode !== null) return null;
  if (m.role !== "web") return pid;
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/);
    return Number(children[0]) || pid;
  } catch {
    return pid;
  }
}

/** Resident memory of a process in MiB (null when gone). */
export function rssMiB(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

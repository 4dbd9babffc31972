import fs from "node:fs";

/** What each open descriptor of the process points at (a path, or `socket:[inode]`); [] for a process gone or not ours. */
function descriptorTargets(pid: number | string): string[] {
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  return fds.flatMap((fd) => {
    try {
      return [fs.readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return []; // closed meanwhile
    }
  });
}

/** The inodes of the process's sockets. */
const socketInodes = (pid: number | string) =>
  new Set(descriptorTargets(pid).flatMap((t) => /^socket:\[(\d+)\]$/.exec(t)?.[1] ?? []));

/** The inodes of TCP sockets (IPv4 and IPv6) whose `side` ("local" or "remote") port is `port` in `state` (0A LISTEN, 01 ESTABLISHED). */
function tcpInodes(port: number, side: "local" | "remote", state: "0A" | "01"): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
    fs
      .readFileSync(table, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // f[1] the local address:port, f[2] the remote one, f[3] the state, f[9] the socket's inode.
      .filter((f) => f[side === "local" ? 1 : 2]?.endsWith(`:${hex}`) && f[3] === state)
      .map((f) => f[9]!),
  );
}

/** The pid of the process listening on this loopback port (the web app), found through /proc. */
export function webPid(port: number): number {
  const listening = new Set(tcpInodes(port, "local", "0A"));
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    for (const inode of socketInodes(entry)) if (listening.has(inode)) return Number(entry);
  }
  throw new Error(`no process listens on port ${port}`);
}

/** Resident memory of a process in bytes, from /proc/<pid>/status. */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

/** How many descriptors of the process are open on `file` (one per SQLite connection on the database file). */
export function openDescriptorsOn(pid: number, file: string): number {
  const target = fs.realpathSync(file);
  return descriptorTargets(pid).filter((t) => t === target).length;
}

/** How many TCP connections the process holds to a server on loopback port `port` (e.g. PostgreSQL's). */
export function tcpConnectionsTo(pid: number, port: number): number {
  const mine = socketInodes(pid);
  return tcpInodes(port, "remote", "01").filter((inode) => mine.has(inode)).length;
}

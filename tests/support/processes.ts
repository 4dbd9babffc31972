import fs from "node:fs";

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

/** How many descriptors of the process are open on `file` (one per SQLite connection on the database file). */
export function openDescriptorsOn(pid: number, file: string): number {
  const target = fs.realpathSync(file);
  let count = 0;
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === target) count++;
    } catch {
      /* closed meanwhile */
    }
  }
  return count;
}

/** How many TCP connections the process holds to a server on loopback port `port` (e.g. PostgreSQL's). */
export function tcpConnectionsTo(pid: number, port: number): number {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      /* closed meanwhile */
    }
  }
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  let count = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // f[2]: the remote address:port; f[3] 01: ESTABLISHED; f[9]: the socket's inode.
      if (f[2]?.endsWith(`:${hex}`) && f[3] === "01" && inodes.has(f[9]!)) count++;
    }
  }
  return count;
}

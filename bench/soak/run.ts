// The soak itself (`npm run bench:soak`, and a reduced run in the integration tests): the many-process
// layout on one database under a steady load, with a random process killed with kill -9 and
// restarted every 20–40 s, then the counts that say whether anything was lost or doubled.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openEngineDb, type EngineDb } from "../../tests/support/engine-db";
import { freePort } from "../../tests/support/ports";
import { sampleRss, startChaos, type Kill } from "./chaos";
import { launch, stopMember, type Member, type MemberSpec, type Role } from "./fleet";
import { seedMonitors, seedPlatformProbes, seedServices, type SeededMonitor } from "./seed";
import { percentile, summarizeRss, tally, type RssSummary, type Tally } from "./tally";
import { startPings, startReceiver, startTargets, type PingCounts } from "./traffic";

export type SoakOptions = {
  engine: "sqlite" | "postgresql";
  /** PostgreSQL: an empty database to use (else a throwaway durable cluster is started). */
  databaseUrl?: string;
  /** How long the chaos runs. */
  seconds: number;
  monitors: number;
  /** How many monitors fall due per minute (their period follows from it). */
  duePerMinute: number;
  /** One in this many monitors falling due during the run is silent (never pinged). */
  silentEvery: number;
  graceSeconds: number;
  services: number;
  serviceIntervalSeconds: number;
  /** Local HTTP targets; the first half flip down and up. */
  targets: number;
  layout: Record<Role, number>;
  /** Steady pings per second to monitors not due during the run, and the burst at each minute's top. */
  pingRate: number;
  burst: number;
  killEverySeconds: [number, number];
  /** The longest wait after the chaos for the counts to settle (notifications, resolutions). */
  drainSeconds: number;
  /**
   * Events claimed by a killed sweeper wait for the claim's 5-minute lease before another takes them
   * over; true moves those claims into the past at the end, as the scale-out test does, instead of waiting.
   */
  expireDeadClaims: boolean;
  rssEverySeconds: number;
  log: (msg: string) => void;
};

export type SoakReport = {
  options: Omit<SoakOptions, "log" | "databaseUrl">;
  tally: Tally;
  pings: PingCounts & { dueMissed: number };
  kills: Kill[];
  rss: RssSummary;
  /** Probe start lag (due instant to check start): the median of the probes' 10 s windows' p50, the worst window's p99. */
  probeLagMs: { p50: number | null; p99: number | null };
  seconds: { setup: number; chaos: number; drain: number };
};

export const LAYOUTS: Record<SoakOptions["engine"], Record<Role, number>> = {
  postgresql: { web: 3, ingest: 2, sweeper: 2, probe: 3 },
  sqlite: { web: 1, ingest: 1, sweeper: 1, probe: 1 },
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSoak(o: SoakOptions): Promise<SoakReport> {
  const cleanup: (() => unknown)[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-soak-"));
  try {
    return await soak(o, dir, cleanup);
  } finally {
    for (const c of cleanup.reverse()) await c();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function openDatabase(o: SoakOptions, dir: string, cleanup: (() => unknown)[]) {
  const { migrate } = await import("../../src/server/migrate");
  if (o.engine === "sqlite") {
    const dataDir = path.join(dir, "data");
    const url = `file:${path.join(dataDir, "lifeline.db")}`;
    fs.mkdirSync(dataDir);
    await migrate(url);
    return { url, env: { DATA_DIR: dataDir, DATABASE_URL: url } };
  }
  let url = o.databaseUrl;
  if (!url) {
    const { startBenchPg } = await import("../pg");
    const pg = await startBenchPg("lifeline_soak");
    cleanup.push(() => pg.stop());
    url = pg.url;
  } else await migrate(url);
  return { url, env: { DATA_DIR: path.join(dir, "data"), DATABASE_URL: url } };
}

async function soak(o: SoakOptions, dir: string, cleanup: (() => unknown)[]): Promise<SoakReport> {
  const setupStarted = Date.now();
  const database = await openDatabase(o, dir, cleanup);
  const db: EngineDb = openEngineDb(database.url);
  cleanup.push(() => db.close());
  const receiver = await startReceiver();
  cleanup.push(() => receiver.close());
  const targets = await startTargets(o.targets);
  cleanup.push(() => targets.close());

  // The processes, each kind started as its deployment starts it.
  const webPorts = await Promise.all(Array.from({ length: o.layout.web }, () => freePort()));
  const ingestPorts = await Promise.all(Array.from({ length: o.layout.ingest }, () => freePort()));
  const appUrl = `http://127.0.0.1:${webPorts[0]}`;
  const shared = {
    ...database.env,
    NODE_ENV: "production",
    APP_SECRET: crypto.randomBytes(36).toString("base64url"),
    APP_URL: appUrl,
    HOST: "127.0.0.1",
    OUTBOUND_ALLOW_PRIVATE: "true", // the webhook receiver and the targets are on loopback
    PROBE_EMBEDDED: "false",
  };
  const specs = new Map<Member, MemberSpec>();
  const members: Member[] = [];
  cleanup.push(() => Promise.all(members.map((m) => stopMember(m))));
  const add = async (spec: MemberSpec) => {
    const m = await launch(spec, dir);
    specs.set(m, spec);
    members.push(m);
    return m;
  };
  const web = (i: number): MemberSpec => ({
    role: "web",
    index: i,
    port: webPorts[i],
    args: ["scripts/start.mjs", "--web-only"],
    env: { ...shared, PORT: String(webPorts[i]) },
  });
  await add(web(0)); // alone first: it builds the web app when the build is missing or stale
  await Promise.all([
    ...webPorts.slice(1).map((_, i) => add(web(i + 1))),
    ...ingestPorts.map((port, i) =>
      add({
        role: "ingest",
        index: i,
        port,
        args: ["--import", "tsx", "scripts/ping-server.ts"],
        env: { ...shared, PING_PORT: String(port) },
      }),
    ),
    ...Array.from({ length: o.layout.sweeper }, (_, i) =>
      add({ role: "sweeper", index: i, args: ["--import", "tsx", "scripts/sweep.ts", "--loop"], env: shared }),
    ),
  ]);
  o.log(`processes up: ${members.map((m) => `${m.role} ${m.index}`).join(", ")}`);

  // An account on the Enterprise plan with a default webhook, created through the API.
  const api = async (method: string, p: string, body: unknown, token?: string) => {
    const res = await fetch(`${appUrl}/api/v1${p}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: any };
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const reg = await api("POST", "/auth/register", {
    email: `soak-${crypto.randomUUID().slice(0, 8)}@example.test`,
    password: "correct horse battery",
  });
  const userId = Number(reg.user.id);
  const orgId = Number(
    (await db.one<{ default_org_id: number }>("SELECT default_org_id FROM users WHERE id = ?", [userId]))!
      .default_org_id,
  );
  await db.run("UPDATE organizations SET plan = 'enterprise' WHERE id = ?", [orgId]);
  await api(
    "POST",
    "/integrations",
    { name: "soak hook", kind: "webhook", url: receiver.url, is_default: true },
    reg.access,
  );

  // The load: services and the platform probes, then the monitors (their first due 20 s on).
  const now = new Date();
  const flipping = Math.floor(o.targets / 2);
  const services = await seedServices(db, userId, {
    count: o.services,
    intervalSeconds: o.serviceIntervalSeconds,
    targetOf: (i) => targets.urls[i % o.targets]!,
    now,
  });
  const probeTokens = await seedPlatformProbes(db, o.layout.probe, now);
  await Promise.all(
    probeTokens.map((token, i) =>
      add({
        role: "probe",
        index: i,
        args: ["--import", "tsx", "scripts/probe.ts"],
        env: {
          ...shared,
          APP_URL: `http://127.0.0.1:${webPorts[i % webPorts.length]}`,
          PROBE_TOKEN: token,
          PROBE_STATS_SECONDS: "10",
        },
      }),
    ),
  );
  const periodSeconds = Math.round((o.monitors / o.duePerMinute) * 60);
  // A pinged monitor must not fall due a second time before the counts are read: nothing pings it again.
  if (periodSeconds < o.seconds + o.drainSeconds + 120)
    throw new Error(
      `monitors / due per minute gives a ${periodSeconds} s period: too short for the run (more monitors or fewer due)`,
    );
  const monitors = await seedMonitors(db, orgId, {
    count: o.monitors,
    periodSeconds,
    graceSeconds: o.graceSeconds,
    firstAt: Date.now() + 20_000,
    now: new Date(),
  });
  if (o.engine === "postgresql") await db.run("ANALYZE");

  // The timeline: which monitors fall due during the run, which of them stay silent, the flips.
  const chaosStart = Date.now();
  const chaosEnd = chaosStart + o.seconds * 1000;
  const graceMs = o.graceSeconds * 1000;
  const horizon = chaosEnd + (o.drainSeconds + 60) * 1000;
  const due = monitors.filter((m) => m.expectedAt <= horizon);
  // Silent: one in `silentEvery` of those whose grace runs out during the chaos, and any whose grace
  // ran out before it began (the set-up outlasted their lead).
  const silent = due.filter(
    (m, i) =>
      m.expectedAt + graceMs < chaosStart + 5000 || (m.expectedAt + graceMs <= chaosEnd && i % o.silentEvery === 0),
  );
  const silentIds = new Set(silent.map((m) => m.id));
  const pinged = due.filter((m) => !silentIds.has(m.id));
  const background = monitors.filter((m) => m.expectedAt > horizon);
  const windows = flipWindows(chaosStart, chaosEnd, o.serviceIntervalSeconds);
  o.log(
    `${monitors.length} monitors (period ${periodSeconds} s): ${due.length} due during the run, ${silent.length} of them silent; ` +
      `${services.length} services, ${flipping} of ${o.targets} targets flipping ${windows.length} times; chaos for ${o.seconds} s`,
  );
  const flips = flipTargets(targets, flipping, windows);
  cleanup.push(() => flips.stop());

  const pings = startPings({
    endpoints: members.filter((m) => m.url && m.role !== "probe").map((m) => `${m.url}/ping`),
    due: pinged,
    background,
    graceMs,
    leadMs: 5000,
    rate: o.pingRate,
    burst: o.burst,
    maxInFlight: 64,
  });
  cleanup.push(() => pings.stopLoad());
  cleanup.push(() => pings.stopDue());
  const rss = sampleRss(members, o.rssEverySeconds * 1000);
  cleanup.push(() => rss.stop());
  const chaos = startChaos(members, specs, dir, [o.killEverySeconds[0] * 1000, o.killEverySeconds[1] * 1000], o.log);
  cleanup.push(() => chaos.stop());

  await sleep(Math.max(0, chaosEnd - Date.now()));
  await chaos.stop();
  await pings.stopLoad();
  flips.stop();
  const drainStarted = Date.now();
  o.log(`chaos over: ${chaos.kills.length} kills; draining`);

  // The drain: every silent monitor's incident opened, every flip's incident resolved, the outbox empty.
  const killedSweepers = chaos.kills.filter((k) => k.role === "sweeper").map((k) => k.pid);
  const flippedIds = services.filter((_, i) => i % o.targets < flipping);
  const settled = async () => {
    if (o.expireDeadClaims)
      for (const pid of killedSweepers)
        await db.run("UPDATE outbox SET claimed_at = ? WHERE processed_at IS NULL AND claimed_by LIKE ?", [
          new Date(Date.now() - 3600_000),
          `${pid}-%`,
        ]);
    const [open, pending, silentDown] = await Promise.all([
      db.one<{ n: number }>("SELECT count(*) AS n FROM incidents WHERE status = 'open' AND service_id IS NOT NULL"),
      db.one<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE processed_at IS NULL"),
      db.one<{ n: number }>(
        `SELECT count(*) AS n FROM incidents WHERE cron_monitor_id IN (${[0, ...silentIds].join(",")})`,
      ),
    ]);
    return Number(open!.n) === 0 && Number(pending!.n) === 0 && Number(silentDown!.n) >= silent.length;
  };
  const drainUntil = Date.now() + o.drainSeconds * 1000;
  while (!(await settled()) && Date.now() < drainUntil) await sleep(500);
  await sleep(3000); // a sweeper that would send an event twice gets the chance to
  await pings.stopDue();
  rss.stop();
  const drainEnded = Date.now();

  const counts = await tally(db, {
    acknowledged: pings.acknowledged,
    arrivals: receiver.arrivals,
    silent: silent.map((m) => ({ id: m.id, deadline: m.expectedAt + graceMs })),
    pinged: pinged.map((m) => m.id),
    flipped: flippedIds.map((id) => ({ id, windows: windows.length })),
    stable: services.filter((_, i) => i % o.targets >= flipping),
    kills: chaos.kills,
    sweepers: o.layout.sweeper,
  });
  const lag = probeLag(members.filter((m) => m.role === "probe").map((m) => m.logFile));
  const { log: _log, databaseUrl: _url, ...options } = o;
  return {
    options,
    tally: counts,
    pings: { ...pings.counts, dueMissed: pings.missedDue.length },
    kills: chaos.kills,
    rss: summarizeRss(rss.samples, 30_000),
    probeLagMs: lag,
    seconds: {
      setup: Math.round((chaosStart - setupStarted) / 1000),
      chaos: Math.round((drainStarted - chaosStart) / 1000),
      drain: Math.round((drainEnded - drainStarted) / 1000),
    },
  };
}

/**
 * The flipping targets' down windows: each long enough for a check to find the failure and its
 * re-check to confirm it even when one lease is lost to a kill (an interval, the 10 s re-check, a
 * 20 s lease, a margin), then as long up; only windows that end before the chaos does.
 */
export function flipWindows(start: number, end: number, intervalSeconds: number): { from: number; to: number }[] {
  const length = (intervalSeconds + 40) * 1000;
  const windows: { from: number; to: number }[] = [];
  for (let from = start + Math.max(15, intervalSeconds) * 1000; from + length <= end; from += 2 * length)
    windows.push({ from, to: from + length });
  return windows;
}

function flipTargets(
  targets: { setDown: (i: number, down: boolean) => void },
  flipping: number,
  windows: { from: number; to: number }[],
) {
  const timer = setInterval(() => {
    const now = Date.now();
    const down = windows.some((w) => now >= w.from && now < w.to);
    for (let i = 0; i < flipping; i++) targets.setDown(i, down);
  }, 200);
  return {
    stop: () => {
      clearInterval(timer);
      for (let i = 0; i < flipping; i++) targets.setDown(i, false);
    },
  };
}

/** The probes' start lag from their stats lines (PROBE_STATS_SECONDS). */
function probeLag(logFiles: string[]): { p50: number | null; p99: number | null } {
  const windows = logFiles.flatMap((f) =>
    fs
      .readFileSync(f, "utf8")
      .split("\n")
      .filter((l) => l.includes('"probe_stats":true'))
      .flatMap((l) => {
        try {
          return [(JSON.parse(l) as { window: { lag_p50_ms: number | null; lag_p99_ms: number | null } }).window];
        } catch {
          return []; // a line cut by a kill
        }
      }),
  );
  const p50s = windows.map((w) => w.lag_p50_ms).filter((v): v is number => v !== null);
  const p99s = windows.map((w) => w.lag_p99_ms).filter((v): v is number => v !== null);
  return { p50: percentile(p50s, 50), p99: p99s.length ? Math.max(...p99s) : null };
}

export type { SeededMonitor };

import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { inject } from "vitest";
import { databaseKind } from "./db";
import { openEngineDb, type EngineDb } from "./engine-db";
import { call, registerUser, type TestUser } from "./http";
import { startLifeline, type RunningLifeline } from "./lifeline";
import { freshDatabase } from "./pg-database";
import { freePort } from "./ports";
import { recordIssued } from "./issued-secrets";

export type TargetMode = "ok" | "error" | "hang" | "no-keyword";

/**
 * A local HTTP service to check (127.0.0.1, free port) whose answer a test flips: `ok` answers 200
 * with the keyword "healthy", `error` 500, `hang` never answers, `no-keyword` 200 without it.
 */
export async function startTarget(mode: TargetMode = "ok") {
  let current = mode;
  let requests = 0;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    requests++;
    req.resume();
    if (current === "hang") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    res.writeHead(current === "error" ? 500 : 200, { "content-type": "text/plain" });
    res.end(current === "no-keyword" ? "all quiet" : current === "error" ? "broken" : "status: healthy");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/health`,
    port,
    requests: () => requests,
    set: (m: TargetMode) => void (current = m),
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A loopback port nothing listens on (a `tcp` service against it is refused). */
export async function closedPort(): Promise<number> {
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    const s = net.connect(port, "127.0.0.1");
    s.on("connect", () => reject(new Error(`port ${port} is open`)));
    s.on("error", () => resolve());
  });
  return port;
}

/** Registers a private probe of the user's organization (the plan must allow it); answers its id and token. */
export async function privateProbe(user: TestUser, name = "office") {
  const res = await call("POST", "/probes", { token: user.access, body: { name } });
  if (res.status !== 201) throw new Error(`probe registration failed: ${res.status} ${res.text}`);
  return { id: res.body.data.id as number, token: res.body.data.token as string };
}

/** Registers a platform probe straight in the database (an operator's `npm run admin -- probe:platform`). */
export async function platformProbe(db: EngineDb, name: string) {
  const token = crypto.randomBytes(24).toString("base64url");
  recordIssued(201, undefined, { token }); // for the run's no-secret-in-logs check (issued-secrets.ts)
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  const now = new Date();
  const row = await db.one<{ id: number }>(
    "INSERT INTO probes (kind, name, location, token_hash, created_at, updated_at) VALUES ('platform', ?, '', ?, ?, ?) RETURNING id",
    [name, hash, now, now],
  );
  return { id: row!.id, token };
}

export type ProbeProcess = { child: ChildProcess; output: () => string; stop: () => Promise<void>; kill9: () => void };

/** Runs `scripts/probe.ts` (what `npm run probe` runs) against a server. */
export function startProbe(appUrl: string, token: string, env: Record<string, string> = {}): ProbeProcess {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/probe.ts"], {
    env: { ...process.env, APP_URL: appUrl, PROBE_TOKEN: token, OUTBOUND_ALLOW_PRIVATE: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise((r) => child.once("exit", r));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
    kill9: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

/**
 * A Lifeline of its own on a fresh database of the suite's engine (a fresh SQLite DATA_DIR, or a
 * fresh PostgreSQL database on the suite's cluster), so a platform probe there checks only the
 * services this test creates.
 */
export async function dedicatedLifeline(env: Record<string, string | undefined> = {}, args: string[] = []) {
  const databaseEnv: Record<string, string> =
    databaseKind() === "postgresql"
      ? { DATABASE_URL: await freshDatabase(inject("pgAdminUrl")!, "lifeline_probes") }
      : {};
  const server: RunningLifeline = await startLifeline({ ...databaseEnv, ...env }, { args });
  const db = openEngineDb(server.databaseUrl);
  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      await server.stop();
      await db.close();
    })());
  return { server, db, stop };
}

/** The REST client against a dedicated server. */
export const callOn =
  (server: RunningLifeline) =>
  (method: string, p: string, opts: Parameters<typeof call>[2] = {}) =>
    call(method, `${server.baseUrl}/api/v1${p}`, opts);

/** Registers a user on a dedicated server. */
export const registerOn = (server: RunningLifeline, name = "user"): Promise<TestUser> =>
  registerUser(name, `${server.baseUrl}/api/v1`);

/**
 * Gives a fresh account on a dedicated server the Enterprise plan (as an operator would, in the
 * database) and `count` hourly period monitors named `<prefix>-<i>`, created through the API eight at a time.
 */
export async function manyMonitorsOn(
  lifeline: Awaited<ReturnType<typeof dedicatedLifeline>>,
  owner: TestUser,
  count: number,
  prefix: string,
): Promise<{ id: number; ping_token: string }[]> {
  await lifeline.db.run("UPDATE organizations SET plan = 'enterprise' WHERE slug = ?", [owner.orgSlug]);
  const api = callOn(lifeline.server);
  const monitors: { id: number; ping_token: string }[] = [];
  const create = async (i: number) => {
    const res = await api("POST", "/cron-monitors", {
      token: owner.access,
      body: { name: `${prefix}-${i}`, schedule_kind: "period", period_seconds: 3600 },
    });
    if (res.status !== 201) throw new Error(`create monitor failed: ${res.status} ${res.text}`);
    monitors.push(res.body.data);
  };
  for (let i = 0; i < count; i += 8)
    await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, j) => create(i + j)));
  return monitors;
}

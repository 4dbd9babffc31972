import { spawn } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { inject } from "vitest";
import type { SweepCounts } from "../../src/shared/sweep-counts";
import { baseUrl, type TestUser } from "./http";
import { databaseEnv, testDb } from "./db";

export type SweepReport = { at: string; now: string; duration_ms: number; counts: SweepCounts };
export type SweepRun = {
  code: number | null;
  stdout: string;
  stderr: string;
  lines: Record<string, any>[];
  report: SweepReport | null;
};

/**
 * Runs `scripts/sweep.ts` as its own process on the test server's database, exactly as a system
 * cron would (`npm run sweep -- --now <ISO> --force`; null: no --now), and waits for it to exit.
 * Tests stage time by sweeping as if later, so an instant (--now or SWEEP_NOW) comes with --force,
 * which lets it lie in the future.
 */
export function sweep(
  now: string | Date | null,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<SweepRun> {
  return startSweep(now, env, args).done;
}

/**
 * Starts a sweeper process. `started` resolves when it logs `sweeper.started`, which it does right
 * before its sweep reads the database (synchronously, in the same tick); `done` when it exits.
 */
export function startSweep(now: string | Date | null, env: Record<string, string> = {}, args: string[] = []) {
  const at = now === null ? [] : ["--now", typeof now === "string" ? now : now.toISOString()];
  if (now !== null || env.SWEEP_NOW) at.push("--force");
  // One process (`node --import tsx`, not tsx's CLI with a child of its own): signals and kill -9 hit the sweeper.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/sweep.ts", ...at, ...args], {
    env: {
      ...process.env,
      ...databaseEnv(),
      APP_URL: baseUrl(),
      NODE_ENV: "test",
      SMTP_URL: inject("smtpUrl"),
      DELIVERY_BACKOFF_MS: "300",
      OUTBOUND_ALLOW_PRIVATE: "true", // the receivers listen on loopback
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  child.stdout.on("data", (c) => {
    stdout += c;
    if (stdout.includes('"event":"sweeper.started"')) markStarted();
  });
  child.stderr.on("data", (c) => (stderr += c));
  const done = new Promise<SweepRun>((resolve) => {
    child.on("exit", (code) => {
      markStarted(); // a sweeper that died before starting must not keep anyone waiting
      const lines = stdout.split("\n").flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, any>];
        } catch {
          return [];
        }
      });
      const sweepLine = lines.find((l) => l.event === "sweep");
      resolve({ code, stdout, stderr, lines, report: (sweepLine as SweepReport | undefined) ?? null });
    });
  });
  return { started, done, child };
}

import { orgIdOf } from "./seed";

export { orgIdOf };

export type SeededMonitor = { id: number; ping_token: string };

/**
 * Inserts a cron monitor straight into the database, in the user's organization (until the cron
 * monitor API is merged). Defaults: hourly period, grace 300 s, state `new`, not armed.
 */
export async function seedMonitor(
  user: TestUser,
  f: {
    scheduleKind?: "period" | "cron";
    periodSeconds?: number | null;
    cronExpression?: string | null;
    timezone?: string;
    graceSeconds?: number;
    maxRuntimeSeconds?: number | null;
    state?: string;
    nextExpectedAt?: Date | null;
    paused?: boolean;
    suspended?: boolean;
    integrationIds?: number[];
    driftMinSeconds?: number;
    driftAlerts?: boolean;
  } = {},
): Promise<SeededMonitor> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  const kind = f.scheduleKind ?? "period";
  const [row] = await testDb().query<{ id: number }>(
    `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, cron_expression, timezone, grace_seconds,
       max_runtime_seconds, state, next_expected_at, paused, suspended, integration_ids, drift_min_seconds, drift_alerts,
       ping_token, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      await orgIdOf(user.orgSlug),
      `job-${token.slice(0, 6)}`,
      kind,
      kind === "period" ? (f.periodSeconds ?? 3600) : null,
      kind === "cron" ? (f.cronExpression ?? "0 * * * *") : null,
      f.timezone ?? "UTC",
      f.graceSeconds ?? 300,
      f.maxRuntimeSeconds ?? null,
      f.state ?? "new",
      f.nextExpectedAt ?? null,
      !!f.paused,
      !!f.suspended,
      JSON.stringify(f.integrationIds ?? []),
      f.driftMinSeconds ?? 30,
      f.driftAlerts !== false,
      token,
      now,
      now,
    ],
  );
  return { id: row!.id, ping_token: token };
}

export { rows } from "./db";

/** Polls until `check` stops throwing (or returns truthy), at most `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value !== false && value !== undefined && value !== null) return value as NonNullable<T>;
      if (Date.now() > deadline) throw new Error("condition not met in time");
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A request a receiver got; `at`: when it had read the whole body (epoch ms). */
export type Received = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string; at: number };

/**
 * A real HTTP receiver on a random local port. `status(n)` decides the answer to the n-th request
 * (1-based); default 200.
 */
export async function startReceiver(status: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, at: Date.now() });
      res.writeHead(status(received.length), { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type Mail = { from: string; to: string[]; data: string };

/**
 * A real SMTP server (smtp-server, no TLS, no auth) on the port of the SMTP_URL that the test
 * server and the spawned sweepers are given.
 */
export async function startSmtp(smtpUrl?: string) {
  const { SMTPServer } = await import("smtp-server");
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  const url = new URL(smtpUrl ?? inject("smtpUrl"));
  await new Promise<void>((resolve) => server.listen(Number(url.port), "127.0.0.1", resolve));
  return { mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A received message as readable text: folded headers unfolded, encoded words and quoted-printable decoded. */
export function mailText(mail: Mail): string {
  const qp = (s: string) => s.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const [head = "", ...body] = mail.data.split("\r\n\r\n");
  const headers = head
    .replace(/\r\n[ \t]+/g, " ")
    .replace(/\?= =\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, w: string) => qp(w.replace(/_/g, " ")));
  return `${headers}\r\n\r\n${qp(body.join("\r\n\r\n").replace(/=\r\n/g, ""))}`;
}

/**
 * Starts `count` sweepers at once. The test holds the database's write lock until every one of them
 * has logged its start, right before its sweep reads the due monitors (readers are not blocked in
 * WAL mode); each then waits for the lock to write, so when it is released they all race over the
 * same rows. However slowly the processes start, none writes before all have read.
 */
export async function sweepersAtOnce(count: number, now: string): Promise<SweepRun[]> {
  const lock = await testDb().holdWriteLock();
  const sweepers = Array.from({ length: count }, () => startSweep(now));
  try {
    await Promise.all(sweepers.map((s) => s.started));
    // From its start line to its read, a sweeper runs a few synchronous statements (microseconds);
    // this margin stays well under the sweepers' 5 s busy timeout (PostgreSQL's writers simply wait).
    await new Promise((r) => setTimeout(r, 750));
  } finally {
    await lock.release();
  }
  return Promise.all(sweepers.map((s) => s.done));
}

import crypto from "node:crypto";
import { Resolver } from "node:dns";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./server/domain/client-address";

/**
 * The one validated configuration module, used by the web app, the sweeper and the scripts.
 * With no configuration at all Lifeline runs: it creates DATA_DIR, a SQLite database in it and a
 * persistent random APP_SECRET. In production an explicit APP_SECRET and APP_URL are required: a
 * production server on the localhost default would hand out ping URLs no job can reach. A refused
 * configuration creates nothing (no DATA_DIR, no secret file).
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  APP_URL: z.url().optional(), // default: http://localhost:<PORT>
  PING_BASE_URL: z.url().optional(),
  PING_HOST: z.string().optional(),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default("Lifeline <lifeline@localhost>"),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  SWEEP_WAKE_MAX_SECONDS: z.coerce.number().int().min(0).max(60).default(2),
  DELIVERY_BACKOFF_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  OUTBOUND_ALLOW_PRIVATE: z.stringbool().default(false),
  AUTH_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  PROBE_EMBEDDED: z.stringbool().default(true),
  TRUST_PROXY: z.string().optional(),
  CHECK_RESULT_RETENTION_DAYS: z.coerce.number().int().min(1).max(400).default(14),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  DNS_SERVERS: z.string().optional(),
  SSO_ISSUER: z.url().optional(),
  SSO_CLIENT_ID: z.string().min(1).optional(),
  SSO_CLIENT_SECRET: z.string().min(1).optional(),
  SSO_DEFAULT_ROLE: z.enum(["admin", "member", "viewer"]).default("member"),
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  databaseKind: "sqlite" | "postgresql";
  appUrl: string;
  pingBaseUrl: string;
  pingHost: string | null;
  appSecret: string;
  smtpUrl: string | null;
  smtpFrom: string;
  sweepIntervalSeconds: number;
  /**
   * The looping sweeper sleeps until the next deadline, at most this long (it then looks again, so
   * new and changed monitors are seen); 0: no deadline waking, a sweep every interval only.
   */
  sweepWakeMaxSeconds: number;
  /** Wait before the 2nd delivery attempt of a notification; the 3rd waits 4 times as long. */
  deliveryBackoffMs: number;
  /** Outbound requests (webhooks, Slack, probes) may reach loopback, private and link-local addresses. */
  outboundAllowPrivate: boolean;
  /** Login throttling: failures count within this window; a throttled key waits for its end. */
  authThrottleWindowSeconds: number;
  /** Which X-Forwarded-For hops to believe for the client address (default: none, the socket's peer). */
  trustProxy: TrustProxy;
  /** `npm start` runs the platform probe beside the web app (false: probes run elsewhere, `npm run probe`). */
  probeEmbedded: boolean;
  /** Raw check results are kept this many days; hourly rollups (400 days) keep the long view. */
  checkResultRetentionDays: number;
  /** PostgreSQL: the size of the process's one connection pool (Prisma and the hot paths share it). */
  databasePoolSize: number;
  /** The DNS servers custom domain checks ask (`ip` or `ip:port`, `[ipv6]:port`); null: the system's. */
  dnsServers: string[] | null;
  /**
   * The operator's OpenID Connect issuer (SSO_ISSUER, SSO_CLIENT_ID, SSO_CLIENT_SECRET, all three or
   * none): the single sign-on of every organization without settings of its own; members it creates
   * get SSO_DEFAULT_ROLE. Null: none.
   */
  operatorSso: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    defaultRole: "admin" | "member" | "viewer";
  } | null;
};

let cached: Env | null = null;

export function env(): Env {
  if (!cached) cached = loadEnv(process.env);
  return cached;
}

export function loadEnv(source: Record<string, string | undefined>): Env {
  const blankless = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw configurationError(lines);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy instanceof Error) throw configurationError([`TRUST_PROXY: ${trustProxy.message}`]);
  const dnsServers = parseDnsServers(e.DNS_SERVERS);
  if (dnsServers instanceof Error) throw configurationError([`DNS_SERVERS: ${dnsServers.message}`]);
  const refusal = productionRefusal(e);
  if (refusal) throw configurationError([refusal]);
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const databaseUrl = e.DATABASE_URL ?? `file:${path.join(dataDir, "lifeline.db")}`;
  const databaseKind = isPostgresUrl(databaseUrl) ? "postgresql" : "sqlite";
  if (databaseKind === "sqlite") fs.mkdirSync(sqlitePath(databaseUrl, dataDir, true), { recursive: true });
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    databaseKind,
    appUrl,
    pingBaseUrl: (e.PING_BASE_URL ?? `${appUrl}/ping`).replace(/\/+$/, ""),
    pingHost: e.PING_HOST ?? null,
    appSecret: e.APP_SECRET ?? generatedSecret(dataDir),
    smtpUrl: e.SMTP_URL ?? null,
    smtpFrom: e.SMTP_FROM,
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
    sweepWakeMaxSeconds: e.SWEEP_WAKE_MAX_SECONDS,
    deliveryBackoffMs: e.DELIVERY_BACKOFF_MS,
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    authThrottleWindowSeconds: e.AUTH_THROTTLE_WINDOW_SECONDS,
    trustProxy,
    probeEmbedded: e.PROBE_EMBEDDED,
    checkResultRetentionDays: e.CHECK_RESULT_RETENTION_DAYS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dnsServers,
    operatorSso: operatorSso(e),
  };
}

/** A comma-separated list, each entry as node:dns `setServers` takes it (checked by it). */
function parseDnsServers(text: string | undefined): string[] | null | Error {
  if (text === undefined) return null;
  const servers = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers.length === 0) return null;
  try {
    new Resolver().setServers(servers);
  } catch (err) {
    return new Error(`${(err as Error).message} (expected addresses such as 127.0.0.1:5353, [::1]:53)`);
  }
  return servers;
}

/** Whether DATABASE_URL names a PostgreSQL server (anything else is a SQLite file). */
export function isPostgresUrl(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//.test(databaseUrl);
}

/** The file path of a `file:` SQLite URL (or its directory). */
export function sqlitePath(databaseUrl: string, dataDir: string, dirOnly = false): string {
  const file = path.resolve(
    /* turbopackIgnore: true */ databaseUrl.replace(/^file:/, "") || path.join(dataDir, "lifeline.db"),
  );
  return dirOnly ? path.dirname(file) : file;
}

/** One line for one problem (`Invalid configuration: APP_URL: ...`), else a line per problem. */
function configurationError(lines: string[]): Error {
  return new Error(
    lines.length === 1 ? `Invalid configuration: ${lines[0]}` : `Invalid configuration:\n${lines.join("\n")}`,
  );
}

/** What production needs that the embedded default would otherwise make up, or null. */
function productionRefusal(e: { NODE_ENV: string; APP_SECRET?: string; APP_URL?: string }): string | null {
  if (e.NODE_ENV !== "production") return null;
  if (e.APP_SECRET === undefined) return "APP_SECRET: required in production (at least 32 characters)";
  if (e.APP_URL === undefined) {
    return "APP_URL: required in production (the public URL of the app: ping URLs and notification links are built from it, and the localhost default is unreachable from other machines)";
  }
  return null;
}

/** The embedded default's persistent secret (production never gets here: productionRefusal). */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(48).toString("base64url");
    try {
      fs.writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim(); // another process wrote it first
    }
  }
}

function operatorSso(e: z.infer<typeof schema>): Env["operatorSso"] {
  const given = [e.SSO_ISSUER, e.SSO_CLIENT_ID, e.SSO_CLIENT_SECRET].filter((v) => v !== undefined).length;
  if (given === 0) return null;
  if (given < 3) throw new Error("SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET go together: set all three or none");
  return {
    issuer: e.SSO_ISSUER!.replace(/\/+$/, ""),
    clientId: e.SSO_CLIENT_ID!,
    clientSecret: e.SSO_CLIENT_SECRET!,
    defaultRole: e.SSO_DEFAULT_ROLE,
  };
}

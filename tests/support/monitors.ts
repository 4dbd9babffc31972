import crypto from "node:crypto";
import http from "node:http";
import { testDb } from "./db";
import { baseUrl, call, type TestUser } from "./http";

export type TestMonitor = { id: number; ping_token: string; ping_url: string; [k: string]: unknown };

/** Creates a cron monitor through the REST interface (defaults: hourly period). */
export async function createMonitor(user: TestUser, fields: Record<string, unknown> = {}): Promise<TestMonitor> {
  const res = await call("POST", "/cron-monitors", {
    token: user.access,
    body: { name: `job-${crypto.randomUUID().slice(0, 6)}`, schedule_kind: "period", period_seconds: 3600, ...fields },
  });
  if (res.status !== 201) throw new Error(`create monitor failed: ${res.status} ${res.text}`);
  return res.body.data;
}

let pingBase: string | null = null;

/** Sends later `ping` calls to another server on the same database (see ping-servers.ts). */
export function usePingServer(url: string) {
  pingBase = url;
}

/** The base URL of the server that takes pings in this block (the test server by default). */
export const pingBaseUrl = () => pingBase ?? baseUrl();

/** A ping through the real HTTP interface, at `/ping/<token><suffix>` unless a full URL is given. */
export async function ping(
  tokenOrUrl: string,
  suffix = "",
  opts: { method?: string; body?: string; rid?: string; headers?: Record<string, string> } = {},
) {
  const url = tokenOrUrl.startsWith("http") ? tokenOrUrl : `${pingBaseUrl()}/ping/${tokenOrUrl}${suffix}`;
  const full = opts.rid ? `${url}?rid=${opts.rid}` : url;
  const res = await fetch(full, {
    method: opts.method ?? (opts.body !== undefined ? "POST" : "GET"),
    body: opts.body,
    headers: opts.headers,
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A raw HTTP request with an explicit Host header (fetch does not let a caller set Host). */
export function requestWithHost(url: string, host: string, method = "GET"): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { host } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

export async function monitorRow(id: number): Promise<Record<string, any>> {
  return (await testDb().one("SELECT * FROM cron_monitors WHERE id = ?", [id]))!;
}

export function runRows(monitorId: number): Promise<Record<string, any>[]> {
  return testDb().query("SELECT * FROM cron_runs WHERE monitor_id = ? ORDER BY id", [monitorId]);
}

/** Forgets the monitor's recent pings so a test can send more than 5 in a minute on purpose. */
export async function resetRateWindow(monitorId: number) {
  await testDb().run("UPDATE cron_monitors SET recent_pings = '' WHERE id = ?", [monitorId]);
}

export const uuid = () => crypto.randomUUID();

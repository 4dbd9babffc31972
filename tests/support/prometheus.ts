import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

/**
 * Debian's Prometheus (`apt-get install prometheus`) for the metrics tests: `promtool check metrics`
 * over an exposition, and a real server on loopback with a throwaway data directory that scrapes a
 * target every second.
 */
export const PROMETHEUS = process.env.PROMETHEUS_PATH ?? "/usr/bin/prometheus";
export const PROMTOOL = process.env.PROMTOOL_PATH ?? "/usr/bin/promtool";

/** promtool's verdict on an exposition: exit status and what it printed (empty when clean). */
export function promtoolCheck(text: string): { status: number; output: string } {
  const res = spawnSync(PROMTOOL, ["check", "metrics"], { input: text, encoding: "utf8", timeout: 20_000 });
  return { status: res.status ?? 1, output: `${res.stdout ?? ""}${res.stderr ?? ""}`.trim() };
}

export type RunningPrometheus = { url: string; query(expr: string): Promise<PromSample[]>; stop(): Promise<void> };
export type PromSample = { metric: Record<string, string>; value: [number, string] };

export type ScrapeTarget = { url: string; bearer?: string };

export async function startPrometheus(targets: ScrapeTarget[]): Promise<RunningPrometheus> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-prometheus-"));
  const port = await freePort();
  const jobs = targets.map((t, i) => {
    const u = new URL(t.url);
    if (!/^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/.test(u.hostname))
      throw new Error(`not a loopback target: ${t.url}`);
    return [
      `  - job_name: job${i}`,
      `    scrape_interval: 1s`,
      `    scrape_timeout: 1s`,
      `    metrics_path: ${JSON.stringify(u.pathname)}`,
      ...(t.bearer ? [`    authorization: { type: Bearer, credentials: ${JSON.stringify(t.bearer)} }`] : []),
      `    static_configs: [{ targets: [${JSON.stringify(u.host)}] }]`,
    ].join("\n");
  });
  fs.writeFileSync(
    path.join(dir, "prometheus.yml"),
    `global: { scrape_interval: 1s, evaluation_interval: 1s }\nscrape_configs:\n${jobs.join("\n")}\n`,
  );
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ["ignore", "ignore", fs.openSync(path.join(dir, "prometheus.log"), "w")] },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGTERM");
      throw new Error(
        `prometheus did not start: ${fs.readFileSync(path.join(dir, "prometheus.log"), "utf8").slice(-2000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async query(expr) {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`);
      const body = (await res.json()) as { status: string; data: { result: PromSample[] }; error?: string };
      if (body.status !== "success") throw new Error(`query ${expr}: ${body.error}`);
      return body.data.result;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls a query until `accept` holds for its result (scrapes land every second), at most 20 s. */
export async function queryUntil(
  prom: RunningPrometheus,
  expr: string,
  accept: (r: PromSample[]) => boolean,
): Promise<PromSample[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const result = await prom.query(expr);
    if (accept(result) || Date.now() > deadline) return result;
    await new Promise((r) => setTimeout(r, 300));
  }
}

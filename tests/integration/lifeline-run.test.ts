import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, registerUser, type TestUser } from "../support/http";
import { createMonitor } from "../support/monitors";
import { WRAPPER_PATH, wrapperLines } from "../../src/components/monitors/wrapper-lines";

/**
 * `lifeline-run` in both forms (cli/lifeline-run.sh run by dash, as served at /cli/lifeline-run.sh,
 * and cli/lifeline-run.mjs), one suite: against the real Lifeline of this project, and against
 * loopback servers that record what a Healthchecks-compatible server would be sent.
 */
const CLI_DIR = fileURLToPath(new URL("../../cli/", import.meta.url));
const SCRIPT = path.join(CLI_DIR, "lifeline-run.sh");
const NODE_CLI = path.join(CLI_DIR, "lifeline-run.mjs");
const NODE = process.execPath;

let tmp = "";
let served = "";

beforeAll(async () => {
  if (spawnSync("dash", ["-c", "exit 0"]).status !== 0) throw new Error("dash is needed: apt-get install dash");
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-run-"));
  // Installed as the monitor page says, into the test's directory instead of /usr/local/bin.
  served = path.join(tmp, "lifeline-run");
  const { install } = wrapperLines("unused", baseUrl());
  const done = spawnSync("sh", ["-c", install.replaceAll(WRAPPER_PATH, served)], { encoding: "utf8" });
  if (done.status !== 0) throw new Error(`install line failed: ${done.stderr}`);
});

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

type Form = { name: string; argv: () => [string, string[]] };
const FORMS: Form[] = [
  {
    name: "sh form (dash, installed from /cli/lifeline-run.sh by the monitor page's line)",
    argv: () => ["dash", [served]],
  },
  { name: "Node form (cli/lifeline-run.mjs)", argv: () => [NODE, [NODE_CLI]] },
];

type Result = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs the wrapper to its end (killed and failed after `limitMs`); `onStdout` sees the output so far. */
function run(
  form: Form,
  args: string[],
  opts: { stdin?: string; onStdout?: (soFar: string, pid: number) => void; limitMs?: number } = {},
): Promise<Result> {
  const [cmd, pre] = form.argv();
  const started = Date.now();
  const child = spawn(cmd, [...pre, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => {
    stdout += c;
    opts.onStdout?.(stdout, child.pid!);
  });
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  child.stdin.end(opts.stdin ?? "");
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`lifeline-run still running after ${opts.limitMs ?? 15000} ms; stderr: ${stderr}`));
    }, opts.limitMs ?? 15000);
    child.on("close", (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

type Recorded = { method: string; url: string; body: Buffer; at: number };

/** A loopback server that records every request and answers as `answer` says (200 OK by default). */
async function recorder(
  answer: (n: number) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 }),
) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ method: req.method!, url: req.url!, body: Buffer.concat(chunks), at: Date.now() });
      const a = answer(requests.length);
      res.writeHead(a.status, { "Content-Type": "text/plain", ...a.headers });
      res.end(a.status === 200 ? "OK" : "");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const ridOf = (url: string) => new URL(url, "http://x").searchParams.get("rid");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `n` lines of 50 bytes each, numbered: the same text the command below prints. */
const numbered = (n: number) =>
  Array.from({ length: n }, (_, i) => `${String(i).padStart(6, "0")}${"x".repeat(43)}\n`).join("");
const printNumbered = (n: number) => [
  NODE,
  "-e",
  `process.stdout.write(Array.from({length:${n}},(_, i)=>String(i).padStart(6,"0")+"x".repeat(43)+"\\n").join(""))`,
];

describe("GET /cli/lifeline-run.sh", () => {
  it("serves the repository's wrapper script byte for byte as text", async () => {
    const res = await fetch(`${baseUrl()}/cli/lifeline-run.sh`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(SCRIPT))).toBe(true);
    // The monitor page's install line left an executable copy of the same file.
    expect(fs.readFileSync(served).equals(fs.readFileSync(SCRIPT))).toBe(true);
    expect(fs.statSync(served).mode & 0o111).not.toBe(0);
  });
});

describe("the Node form", () => {
  it("is the package's lifeline-run bin and npm script, an executable Node script", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(CLI_DIR, "..", "package.json"), "utf8"));
    expect(path.resolve(CLI_DIR, "..", pkg.bin["lifeline-run"])).toBe(NODE_CLI);
    expect(pkg.scripts["lifeline-run"]).toBe("node cli/lifeline-run.mjs");
    expect(fs.readFileSync(NODE_CLI, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(fs.statSync(NODE_CLI).mode & 0o111).not.toBe(0);
  });
});

for (const form of FORMS) {
  // Its cases run side by side: each has its own monitor or loopback server, and the wrapper waits on
  // timers, not the CPU.
  describe.concurrent(`lifeline-run, ${form.name}`, () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await registerUser("wrapper");
    });

    const lifelineMonitor = async () => {
      const m = await createMonitor(user);
      return { id: m.id, url: `${baseUrl()}/ping/${m.ping_token}` };
    };
    const onlyRun = async (id: number) => {
      const res = await call("GET", `/cron-monitors/${id}/runs`, { token: user.access });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      return res.body.data[0];
    };

    it("passes a 300 KB output through and stores its last 100 KB (the server's Ping-Body-Limit) as the run's log", async () => {
      const m = await lifelineMonitor();
      const r = await run(form, [m.url, "--", ...printNumbered(6000)]);
      const all = numbered(6000);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(all);
      expect(r.stderr).toBe("");
      const runRow = await onlyRun(m.id);
      expect(runRow).toMatchObject({ status: "success", exit_code: 0, log_bytes: 102400, truncated: false });
      expect(runRow.rid).toMatch(UUID);
      const log = await fetch(`${baseUrl()}/api/v1/cron-monitors/${m.id}/runs/${runRow.rid}/log`, {
        headers: { authorization: `Bearer ${user.access}` },
      });
      expect(await log.text()).toBe(all.slice(-102400));
    });

    it("exits with the command's exit code, 0, 3 and 137 (killed by SIGKILL), and reports it as the run's", async () => {
      const cases: [string, number][] = [
        ["exit 0", 0],
        ["echo failing; exit 3", 3],
        ["kill -KILL $$", 137],
      ];
      for (const [script, code] of cases) {
        const m = await lifelineMonitor();
        const r = await run(form, [m.url, "--", "sh", "-c", script]);
        expect(r.code, script).toBe(code);
        expect(await onlyRun(m.id), script).toMatchObject({ status: code === 0 ? "success" : "fail", exit_code: code });
      }
    });

    it("stops a command past --timeout with SIGTERM and reports a failure saying so", async () => {
      const m = await lifelineMonitor();
      const r = await run(form, [
        "--timeout",
        "1",
        "--grace",
        "5",
        m.url,
        "--",
        "sh",
        "-c",
        "echo working; exec sleep 30",
      ]);
      expect(r.code).toBe(143);
      expect(r.ms).toBeLessThan(10_000); // the command would sleep 30 s
      expect(r.stderr).toContain("lifeline-run: timed out after 1 s: sent SIGTERM\n");
      const runRow = await onlyRun(m.id);
      expect(runRow).toMatchObject({ status: "fail", exit_code: 143 });
      const log = await fetch(`${baseUrl()}/api/v1/cron-monitors/${m.id}/runs/${runRow.rid}/log`, {
        headers: { authorization: `Bearer ${user.access}` },
      });
      expect(await log.text()).toBe("working\nlifeline-run: timed out after 1 s: sent SIGTERM\n");
    });

    it("sends SIGKILL after the grace when the command ignores SIGTERM past --timeout", async () => {
      const rec = await recorder();
      try {
        const r = await run(form, [
          "--timeout",
          "1",
          "--grace",
          "1",
          rec.url,
          "--",
          "sh",
          "-c",
          "trap '' TERM; exec sleep 30",
        ]);
        expect(r.code).toBe(137);
        expect(r.ms).toBeLessThan(10_000); // the command would sleep 30 s
        expect(rec.requests.map((q) => q.url.split("?")[0])).toEqual(["/start", "/137"]);
        expect(rec.requests[1]!.body.toString()).toBe(
          "lifeline-run: timed out after 1 s: sent SIGTERM, then SIGKILL after 1 s\n",
        );
      } finally {
        await rec.close();
      }
    });

    it("forwards SIGINT, SIGTERM and SIGHUP to the command and reports what the command made of them", async () => {
      const rec = await recorder();
      try {
        for (const sig of ["INT", "TERM", "HUP"] as const) {
          let sent = false;
          const script = `trap 'echo got-${sig}; exit 42' ${sig}; echo ready; while :; do sleep 0.05; done`;
          const r = await run(form, [rec.url, "--", "sh", "-c", script], {
            onStdout: (soFar, pid) => {
              if (!sent && soFar.includes("ready\n")) {
                sent = true;
                process.kill(pid, `SIG${sig}`);
              }
            },
          });
          expect(r.code, sig).toBe(42);
          expect(r.stdout, sig).toBe(`ready\ngot-${sig}\n`);
          const last = rec.requests.at(-1)!;
          expect(last.url.split("?")[0], sig).toBe("/42");
          expect(last.body.toString(), sig).toBe(`ready\ngot-${sig}\n`);
        }
      } finally {
        await rec.close();
      }
    });

    it("reports within 2 s of the command's exit when a process it left behind keeps its output open", async () => {
      const rec = await recorder();
      try {
        const r = await run(form, [rec.url, "--", "sh", "-c", "sleep 8 & echo left; exit 0"]);
        expect(r.code).toBe(0);
        expect(r.stdout).toBe("left\n");
        expect(r.ms).toBeLessThan(7000); // 2 s, and the processes' start on a busy machine
        expect(rec.requests.map((q) => q.url.split("?")[0])).toEqual(["/start", "/0"]);
        expect(rec.requests[1]!.body.toString()).toBe("left\n");
      } finally {
        await rec.close();
      }
    });

    it("waits out a 429's Retry-After before sending the ping again, with the same rid", async () => {
      const rec = await recorder((n) => (n === 1 ? { status: 429, headers: { "Retry-After": "2" } } : { status: 200 }));
      try {
        const r = await run(form, [rec.url, "--", "sh", "-c", "exit 0"]);
        expect(r.code).toBe(0);
        expect(r.stderr).toBe("");
        expect(rec.requests.map((q) => q.url.split("?")[0])).toEqual(["/start", "/start", "/0"]);
        expect(rec.requests[1]!.at - rec.requests[0]!.at).toBeGreaterThanOrEqual(1900);
        const rid = ridOf(rec.requests[0]!.url);
        expect(rid).toMatch(UUID);
        expect(rec.requests.map((q) => ridOf(q.url))).toEqual([rid, rid, rid]);
      } finally {
        await rec.close();
      }
    });

    it("still runs the command and keeps its exit code when the server is down, within the ping budget, with a warning", async () => {
      const closed = http.createServer();
      await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((r) => closed.close(() => r()));
      const r = await run(form, [
        "--ping-budget",
        "2",
        `http://127.0.0.1:${port}/ping/token`,
        "--",
        "sh",
        "-c",
        "echo ran; exit 3",
      ]);
      expect(r.code).toBe(3);
      expect(r.stdout).toBe("ran\n");
      expect(r.stderr).toMatch(/^lifeline-run: start ping failed \(.+\); gave up within the 2 s ping budget$/m);
      expect(r.stderr).toMatch(/^lifeline-run: 3 ping failed \(.+\); gave up within the 2 s ping budget$/m);
      // Two pings of at most 2 s each, and the processes' start on a busy machine (the default budget
      // of 30 s would take 7 s a ping: 1, 2 and 4 s between four attempts).
      expect(r.ms).toBeLessThan(7000);
    });

    it("works against a Healthchecks-style UUID URL: the tail sized by the server's Ping-Body-Limit, cut on a character", async () => {
      const rec = await recorder(() => ({ status: 200, headers: { "Ping-Body-Limit": "1000" } }));
      try {
        const check = "5a1c6e9e-7f3b-4c1d-9a2e-0b6f4d3c2a10";
        const output = `${"é".repeat(1000)}x`;
        const r = await run(form, [
          `${rec.url}/ping/${check}/`,
          "--",
          NODE,
          "-e",
          `process.stdout.write(${JSON.stringify(output)})`,
        ]);
        expect(r.code).toBe(0);
        expect(r.stdout).toBe(output);
        const [start, done] = rec.requests;
        const rid = ridOf(start!.url);
        expect(rid).toMatch(UUID);
        expect([start!.method, start!.url]).toEqual(["GET", `/ping/${check}/start?rid=${rid}`]);
        expect([done!.method, done!.url]).toEqual(["POST", `/ping/${check}/0?rid=${rid}`]);
        // The last 1000 bytes start inside an "é": that byte is left out.
        expect(done!.body.toString("utf8")).toBe(`${"é".repeat(499)}x`);
        expect(rec.requests).toHaveLength(2);
      } finally {
        await rec.close();
      }
    });

    it("works against a Healthchecks slug URL with a query, passing stdin through and keeping stderr in the tail", async () => {
      const rec = await recorder();
      try {
        const r = await run(
          form,
          [`${rec.url}/ping/key123/nightly-backup?create=1`, "--", "sh", "-c", "cat; echo to-stderr >&2; exit 5"],
          {
            stdin: "from-stdin\n",
          },
        );
        expect(r.code).toBe(5);
        expect(r.stdout).toBe("from-stdin\n");
        expect(r.stderr).toBe("to-stderr\n");
        const rid = ridOf(rec.requests[0]!.url);
        expect(rec.requests.map((q) => q.url)).toEqual([
          `/ping/key123/nightly-backup/start?create=1&rid=${rid}`,
          `/ping/key123/nightly-backup/5?create=1&rid=${rid}`,
        ]);
        // Both streams in the tail (their order across two pipes is the scheduler's).
        expect(rec.requests[1]!.body.toString().split("\n").sort()).toEqual(["", "from-stdin", "to-stderr"]);
      } finally {
        await rec.close();
      }
    });
  });
}

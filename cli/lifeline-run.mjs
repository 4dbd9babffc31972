#!/usr/bin/env node
// lifeline-run: runs a command and reports it to a Lifeline (or any Healthchecks-compatible) ping URL.
//
//   lifeline-run [options] <ping URL> -- <command> [args]
//
// The Node form of cli/lifeline-run.sh: the same options, pings, output tail, exit codes, signals,
// retries and warnings, tested by the same suite (tests/integration/lifeline-run.test.ts).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import os from "node:os";

const VERSION = 1;
const DEFAULT_LIMIT = 102400;
const MAX_LIMIT = 10485760;

const USAGE = `Usage: lifeline-run [options] <ping URL> -- <command> [args]

Options:
  --timeout <s>       kill the command after <s> seconds (SIGTERM, then SIGKILL after the grace)
                      and report a failure saying so (default: no timeout)
  --grace <s>         seconds between SIGTERM and SIGKILL on timeout (default 10)
  --retries <n>       retries of each ping after the first attempt (default 3)
  --ping-budget <s>   the most time one ping may take, retries and waits included (default 30)
  -h, --help          this text
`;

const warn = (text) => process.stderr.write(`lifeline-run: ${text}\n`);
const isNum = (s) => typeof s === "string" && /^[0-9]+$/.test(s);
const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));
const nowS = () => Math.floor(Date.now() / 1000);

function parseArgs(argv) {
  const opts = { timeout: 0, grace: 10, retries: 3, budget: 30 };
  const names = { "--timeout": "timeout", "--grace": "grace", "--retries": "retries", "--ping-budget": "budget" };
  let i = 0;
  while (i < argv.length) {
    const a = argv[i];
    if (a === "-h" || a === "--help") {
      process.stderr.write(USAGE);
      process.exit(0);
    }
    if (a in names) {
      if (!isNum(argv[i + 1])) return usageError(`${a} needs a whole number`);
      opts[names[a]] = Number(argv[i + 1]);
      i += 2;
      continue;
    }
    if (a.startsWith("-")) return usageError(`unknown option ${a}`);
    break;
  }
  const url = argv[i];
  if (!url || argv[i + 1] !== "--" || argv.length < i + 3) return usageError(null);
  opts.budget = Math.max(1, opts.budget);
  return { opts, url, command: argv.slice(i + 2) };
}

function usageError(text) {
  if (text) warn(text);
  process.stderr.write(USAGE);
  process.exit(2);
}

/** A ping target: the suffix goes after the URL's path, rid after its query. */
function targetOf(url, suffix, rid) {
  const q = url.indexOf("?");
  const base = (q < 0 ? url : url.slice(0, q)).replace(/\/$/, "");
  const query = q < 0 ? "" : url.slice(q + 1);
  return `${base}/${suffix}?${query ? `${query}&` : ""}rid=${rid}`;
}

/** One HTTP request (node:http, not fetch, which refuses some ports): its status and headers. */
function request(target, body, maxTime) {
  return new Promise((resolve, reject) => {
    const u = new URL(target);
    const req = (u.protocol === "https:" ? https : http).request(
      u,
      {
        method: body ? "POST" : "GET",
        headers: {
          "User-Agent": `lifeline-run/${VERSION}`,
          ...(body ? { "Content-Type": "text/plain; charset=utf-8", "Content-Length": body.length } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.setTimeout(maxTime * 1000, () => req.destroy(new Error(`no answer within ${maxTime} s`)));
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

/** One ping, retried within the budget: its answer's headers when the server took it, else null. */
async function ping(url, suffix, rid, opts, body) {
  const target = targetOf(url, suffix, rid);
  const started = nowS();
  let attempt = 0;
  let backoff = 1;
  for (;;) {
    const left = Math.max(1, opts.budget - (nowS() - started));
    const maxTime = Math.min(10, left);
    let status = 0;
    let why;
    let headers = null;
    try {
      const res = await request(target, body, maxTime);
      status = res.status;
      headers = res.headers;
      why = `HTTP ${status}`;
    } catch (err) {
      why = err.message;
    }
    if (status >= 200 && status < 300) return headers;
    if (status !== 0 && status !== 408 && status !== 429 && status < 500) {
      warn(`${suffix} ping refused (${why}); not retried`);
      return null;
    }
    attempt++;
    if (attempt > opts.retries) {
      warn(`${suffix} ping failed (${why}); gave up after ${attempt} attempts`);
      return null;
    }
    let wait = backoff;
    if (status === 429) {
      const after = String(headers?.["retry-after"] ?? "").trim();
      if (isNum(after)) wait = Number(after);
    }
    if (nowS() - started + wait >= opts.budget) {
      warn(`${suffix} ping failed (${why}); gave up within the ${opts.budget} s ping budget`);
      return null;
    }
    await sleep(wait);
    backoff *= 2;
  }
}

/** The last `limit` bytes of what was pushed, at most one chunk more held meanwhile. */
function tailKeeper(limit) {
  const chunks = [];
  let size = 0;
  return {
    push(chunk) {
      chunks.push(chunk);
      size += chunk.length;
      while (chunks.length > 1 && size - chunks[0].length >= limit) size -= chunks.shift().length;
    },
    tail() {
      const all = Buffer.concat(chunks, size);
      let t = all.subarray(Math.max(0, all.length - limit));
      // The tail starts on a character: UTF-8 continuation bytes (128-191) at its start are left out.
      let skip = 0;
      while (skip < 3 && skip < t.length && (t[skip] & 0xc0) === 0x80) skip++;
      return t.subarray(skip);
    },
  };
}

/** Copies a child's stream to ours and into the tail, pausing the child while ours is full. */
function pipeThrough(from, to, keeper) {
  from.on("data", (chunk) => {
    keeper.push(chunk);
    if (!to.write(chunk)) {
      from.pause();
      to.once("drain", () => from.resume());
    }
  });
}

async function main() {
  const { opts, url, command } = parseArgs(process.argv.slice(2));
  const rid = crypto.randomUUID();

  let limit = DEFAULT_LIMIT;
  const started = await ping(url, "start", rid, opts, null);
  const announced = String(started?.["ping-body-limit"] ?? "").trim();
  if (isNum(announced) && Number(announced) > 0) limit = Math.min(Number(announced), MAX_LIMIT);

  const keeper = tailKeeper(limit);
  const child = spawn(command[0], command.slice(1), { stdio: ["inherit", "pipe", "pipe"] });
  pipeThrough(child.stdout, process.stdout, keeper);
  pipeThrough(child.stderr, process.stderr, keeper);
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(sig, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    });
  }

  let timedOut = false;
  let killed = false;
  let graceTimer = null;
  const timer =
    opts.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          child.kill("SIGTERM");
          graceTimer = setTimeout(() => {
            killed = true;
            child.kill("SIGKILL");
          }, opts.grace * 1000);
        }, opts.timeout * 1000)
      : null;

  const rc = await new Promise((resolve) => {
    child.on("error", (err) => {
      const text = `lifeline-run: ${command[0]}: ${err.code === "ENOENT" ? "not found" : err.message}\n`;
      process.stderr.write(text);
      keeper.push(Buffer.from(text));
      resolve(err.code === "ENOENT" ? 127 : 126);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      clearTimeout(graceTimer);
      const rc = code ?? 128 + (os.constants.signals[signal] ?? 0);
      // The output is read until the command's pipes close, or 2 s more when something it started keeps them.
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        child.stdout.destroy();
        child.stderr.destroy();
        resolve(rc);
      };
      const drain = setTimeout(finish, 2000);
      let open = 2;
      for (const s of [child.stdout, child.stderr]) {
        if (s.readableEnded || s.destroyed) open--;
        else
          s.once("close", () => {
            if (--open === 0) {
              clearTimeout(drain);
              finish();
            }
          });
      }
      if (open === 0) {
        clearTimeout(drain);
        finish();
      }
    });
  });

  let suffix = String(rc);
  if (timedOut) {
    let msg = `lifeline-run: timed out after ${opts.timeout} s: sent SIGTERM`;
    if (killed) msg += `, then SIGKILL after ${opts.grace} s`;
    process.stderr.write(`${msg}\n`);
    keeper.push(Buffer.from(`${msg}\n`));
    if (rc === 0) suffix = "fail";
  }

  await ping(url, suffix, rid, opts, keeper.tail());
  process.exitCode = rc;
}

await main();

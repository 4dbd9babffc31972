import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dedicatedLifeline } from "../support/probes";

// The README's "Using the API" block, run as written (bash, curl, jq) against a server of its own on
// loopback: the only change is the value of the BASE variable the block defines. If the README and
// the API drift apart, this fails.

const README_BASE = "BASE=http://localhost:3000/api/v1";

/** The first sh block of the README's "Using the API" section. */
function readmeBlock(): string {
  const readme = fs.readFileSync("README.md", "utf8");
  const section = readme.split(/^## /m).find((s) => s.startsWith("Using the API\n"));
  if (!section) throw new Error('README.md has no "## Using the API" section');
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('"Using the API" has no ```sh block');
  return block[1]!;
}

let dedicated: Awaited<ReturnType<typeof dedicatedLifeline>>;
beforeAll(async () => {
  dedicated = await dedicatedLifeline(); // a fresh database: the block registers its own account
}, 120_000);
afterAll(() => dedicated?.stop());

describe("the README's Using the API block", () => {
  it("registers, signs in, refreshes, creates a monitor, pings it with a UUID rid and reads the successful run", () => {
    const block = readmeBlock();
    expect(block.split("\n").filter((l) => l === README_BASE)).toHaveLength(1);
    const script = block.replace(README_BASE, `BASE=${dedicated.server.baseUrl}/api/v1`);
    expect(script).not.toContain("localhost");
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-readme-"));
    const run = spawnSync("bash", ["-e", "-o", "pipefail", "-c", script], {
      cwd,
      encoding: "utf8",
      timeout: 60_000,
      // stdin from /dev/null: bash treats a socket on stdin (Node's pipes are socketpairs) as an ssh session and reads ~/.bashrc.
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, NODE_ENV: "test" },
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);

    const lines = run.stdout.trim().split("\n");
    expect(JSON.parse(lines[0]!).data).toMatchObject({ email: "you@example.com" });
    expect(lines.slice(1, 3)).toEqual(["200", "200"]);
    const runs = JSON.parse(lines[3]!);
    expect(lines).toHaveLength(4);
    expect(runs.meta).toMatchObject({ total: 1, page: 1 });
    expect(runs.data).toEqual([
      expect.objectContaining({
        status: "success",
        rid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      }),
    ]);
    expect(runs.data[0].duration_ms).toEqual(expect.any(Number));
    // tokens.json holds the refreshed pair, which works.
    const pair = JSON.parse(fs.readFileSync(path.join(cwd, "tokens.json"), "utf8"));
    expect(pair.data).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
  }, 90_000);
});

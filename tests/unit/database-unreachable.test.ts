import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeConnectError } from "../../src/server/migrate";
import { freePort } from "../support/ports";

/** Runs a Lifeline entry point to its end; resolves with its exit code and output. */
function runToEnd(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => (clearTimeout(timer), resolve({ code, stdout, stderr })));
  });
}

describe("a DATABASE_URL that cannot be reached", () => {
  it.each(["scripts/serve.ts", "scripts/sweep.ts", "scripts/ping-server.ts", "scripts/admin.ts"])(
    "ends %s with one clear line naming the server, not its password, and a non-zero exit",
    async (script) => {
      const port = await freePort(); // nothing listens there
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-unreachable-"));
      const { code, stdout, stderr } = await runToEnd(script, {
        DATABASE_URL: `postgres://lifeline:s3cret-pass@127.0.0.1:${port}/lifeline`,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        PING_PORT: String(await freePort()),
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
      expect(code).toBe(1);
      const lines = stderr.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("npm warn"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `cannot use the PostgreSQL database at 127.0.0.1:${port}/lifeline (DATABASE_URL): connection refused`,
      );
      expect(stdout + stderr).not.toContain("s3cret-pass");
      expect(stdout).not.toContain("web app on");
    },
    30_000, // a tsx start-up on a busy machine
  );

  it("says in words why PostgreSQL refused: authentication, a missing database, an unknown host", () => {
    const url = "postgres://u:pw@db.internal:6543/app";
    expect(describeConnectError(url, { code: "28P01", message: "password authentication failed for user" })).toBe(
      "cannot use the PostgreSQL database at db.internal:6543/app (DATABASE_URL): authentication failed",
    );
    expect(describeConnectError(url, { code: "3D000" })).toContain("the database does not exist");
    expect(describeConnectError(url, { code: "ENOTFOUND" })).toContain("host not found");
    expect(describeConnectError(url, { code: "28P01" })).not.toContain("pw");
  });
});

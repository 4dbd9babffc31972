import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Everything a server process prints is a JSON log line (observability/log.ts routeConsoleToLog), in a real child process. */
function run(mode: "exit" | "crash" | "handled") {
  const r = spawnSync(process.execPath, ["--import", "tsx", "tests/support/console-route-fixture.ts", mode], {
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, LOG_LEVEL: "info" },
  });
  const parse = (text: string) =>
    text
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => {
        try {
          return JSON.parse(l) as Record<string, any>;
        } catch {
          throw new Error(`not a JSON log line: ${l}`);
        }
      });
  return { status: r.status, out: parse(r.stdout), err: parse(r.stderr) };
}

describe("routeConsoleToLog", () => {
  it("turns console output, library lines and process warnings into JSON lines, log/info on stdout and warn/error on stderr", () => {
    const { status, out, err } = run("exit");
    expect(status).toBe(0);
    expect(out).toEqual([
      expect.objectContaining({ level: "info", msg: "plain start-up line 1" }),
      expect.objectContaining({ level: "info", msg: expect.stringContaining("line\\nvalue") }),
    ]);
    expect(err[0]).toMatchObject({ level: "warn", msg: "✓ Running next.config.mjs took 12ms" });
    expect(err[1]).toMatchObject({
      level: "error",
      msg: expect.stringMatching(/^Error: render failed\n {2}with a second line\n {4}at /),
    });
    expect(err[2]).toMatchObject({
      level: "warn",
      event: "process.warning",
      name: "DeprecationWarning",
      msg: "a deprecated thing",
    });
    for (const l of [...out, ...err]) expect(l.time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  }, 40_000);

  it("ends a crash with one fatal JSON line and exit code 1 when nothing else handles it", () => {
    const { status, err } = run("crash");
    expect(status).toBe(1);
    expect(err.at(-1)).toMatchObject({
      level: "fatal",
      event: "process.uncaughtException",
      msg: expect.stringMatching(/^Error: boom\n/),
    });
  }, 40_000);

  it("leaves an exception another listener handles to it: an error line, and the process goes on", () => {
    const { status, err } = run("handled");
    expect(status).toBe(0);
    expect(err).toContainEqual(expect.objectContaining({ level: "error", event: "process.uncaughtException" }));
    expect(err).toContainEqual(expect.objectContaining({ level: "error", msg: "a library logged it" }));
  }, 40_000);
});

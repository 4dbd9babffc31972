import { describe, expect, it } from "vitest";
import { redactPath } from "../../src/server/observability/redact";

/** Paths in log lines (logUnexpected) never carry the credential a path may hold. */
describe("redactPath", () => {
  const token = "pt_3kQ9xZ2mVb7LwR4tY8nH1cJ6";

  it("hides the ping token of every ping path, keeping the suffix", () => {
    expect(redactPath(`/ping/${token}`)).toBe("/ping/[redacted]");
    expect(redactPath(`/ping/${token}/fail`)).toBe("/ping/[redacted]/fail");
    expect(redactPath(`/api/v1/ping/${token}/start`)).toBe("/api/v1/ping/[redacted]/start");
    expect(redactPath(`/api/v1/ping/${token}/0`)).toBe("/api/v1/ping/[redacted]/0");
  });

  it("hides email confirmation tokens and badge keys", () => {
    expect(redactPath(`/confirm-email/${token}`)).toBe("/confirm-email/[redacted]");
    expect(redactPath(`/badge/${token}.svg`)).toBe("/badge/[redacted]");
    expect(redactPath(`/badge/${token}/shields`)).toBe("/badge/[redacted]/shields");
  });

  it("leaves paths without a credential as they are", () => {
    for (const p of [
      "/api/v1/cron-monitors/12",
      "/api/v1/metrics",
      "/api/trpc/monitors.list",
      "/status/acme",
      "/",
      "/api/v1/pings",
      "/pingpong/x",
    ]) {
      expect(redactPath(p)).toBe(p);
    }
  });

  it("never lets a token through, whatever it is made of", () => {
    for (const t of [token, "a%2Fb", "x".repeat(300), "tok.en-_~"]) {
      for (const p of [`/ping/${t}`, `/api/v1/ping/${t}/log`, `/confirm-email/${t}`, `/badge/${t}.json`])
        expect(redactPath(p)).not.toContain(t);
    }
  });
});

describe("logUnexpected", () => {
  it("writes the failing path with its ping token redacted", async () => {
    const pino = (await import("pino")).default;
    const { logUnexpected } = await import("../../src/server/api/http/errors");
    const lines: string[] = [];
    const log = pino({ base: null }, { write: (line: string) => void lines.push(line) });
    const token = "pt_9sLk2Qw8ZxC4vB7nM1aS5dF3";
    logUnexpected("req-1", `/api/v1/ping/${token}/fail`, new Error("database is locked"), log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(token);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      request_id: "req-1",
      path: "/api/v1/ping/[redacted]/fail",
      error: "Error: database is locked",
    });
  });
});

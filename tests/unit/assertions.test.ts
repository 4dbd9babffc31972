import { describe, expect, it } from "vitest";
import { assertionOutcomes, failedAssertion } from "../../src/server/domain/assertions";
import { verdictOf } from "../../src/server/domain/check-verdict";
import { checkFromConfig } from "../../src/server/domain/check-config";
import { checkConfig } from "../../src/shared/service-types";
import type { Assertion } from "../../src/shared/assertions";
import { maskServiceConfig, withStoredSecrets } from "../../src/shared/service-secrets";
import "../../src/server/checks/regex-engine";
import { pingArguments, pingSummary } from "../../src/server/checks/ping";

const a = (x: Assertion) => x;

describe("assertions", () => {
  const body = JSON.stringify({ status: "DOWN", checks: [{ name: "db", ok: true }], count: 3 });

  it("names the failing JSONPath with what it saw and what was wanted", () => {
    expect(
      failedAssertion([a({ source: "json_body", property: "$.status", comparison: "equals", target: "UP" })], { body }),
    ).toBe('$.status was "DOWN", wanted "UP"');
    expect(
      failedAssertion([a({ source: "json_body", property: "$.checks[0].ok", comparison: "equals", target: "true" })], {
        body,
      }),
    ).toBeNull();
  });

  it("lists every assertion's outcome for a test run, not only the first that fails", () => {
    const outcomes = assertionOutcomes(
      [
        a({ source: "json_body", property: "$.status", comparison: "equals", target: "UP" }),
        a({ source: "json_body", property: "/count", comparison: "less_than", target: 5 }),
        a({ source: "header", property: "X-Missing", comparison: "is_not_empty" }),
      ],
      { body, headers: {} },
    );
    expect(outcomes.map((o) => [o.passed, o.actual, o.wanted])).toEqual([
      [false, '"DOWN"', '"UP"'],
      [true, "3", "< 5"],
      [false, "missing", "not empty"],
    ]);
    expect(assertionOutcomes(undefined, {})).toEqual([]);
  });

  it("reads a JSON Pointer, compares numbers and reports a missing value", () => {
    expect(
      failedAssertion([a({ source: "json_body", property: "/count", comparison: "greater_than", target: 2 })], {
        body,
      }),
    ).toBeNull();
    expect(
      failedAssertion([a({ source: "json_body", property: "/nope", comparison: "equals", target: 1 })], { body }),
    ).toBe("/nope was missing, wanted 1");
    expect(
      failedAssertion([a({ source: "json_body", property: "$.x", comparison: "is_empty" })], { body: "<html>" }),
    ).toBeNull();
  });

  it("checks headers by name whatever their case, and status, time, body and certificate", () => {
    const o = {
      statusCode: 201,
      responseTimeMs: 120,
      body: "hello world",
      headers: { "x-version": "2.1" },
      certificateDaysLeft: 30,
    };
    expect(
      failedAssertion([a({ source: "header", property: "X-Version", comparison: "matches", target: "^2\\." })], o),
    ).toBeNull();
    expect(failedAssertion([a({ source: "header", property: "X-Missing", comparison: "is_not_empty" })], o)).toBe(
      "header X-Missing was missing, wanted not empty",
    );
    expect(failedAssertion([a({ source: "status_code", comparison: "less_than", target: 300 })], o)).toBeNull();
    expect(failedAssertion([a({ source: "response_time", comparison: "less_than", target: 100 })], o)).toBe(
      "response time (ms) was 120, wanted < 100",
    );
    expect(failedAssertion([a({ source: "body", comparison: "not_contains", target: "error" })], o)).toBeNull();
    expect(failedAssertion([a({ source: "certificate_days_left", comparison: "greater_than", target: 45 })], o)).toBe(
      "certificate days left was 30, wanted > 45",
    );
  });

  it("holds for a DNS answer list when one answer does, and compares the rcode", () => {
    const o = { dnsAnswers: ["10.0.0.1", "10.0.0.2"], dnsRcode: "NOERROR" };
    expect(failedAssertion([a({ source: "dns_answer", comparison: "equals", target: "10.0.0.2" })], o)).toBeNull();
    expect(failedAssertion([a({ source: "dns_answer", comparison: "not_equals", target: "10.0.0.2" })], o)).toMatch(
      /^answers was/,
    );
    expect(failedAssertion([a({ source: "dns_rcode", comparison: "equals", target: "NXDOMAIN" })], o)).toBe(
      'rcode was "NOERROR", wanted "NXDOMAIN"',
    );
  });

  it("matches a catastrophic pattern on a long text quickly (the linear engine takes over)", () => {
    const t0 = performance.now();
    expect(
      failedAssertion([a({ source: "body", comparison: "matches", target: "(a+)+$" })], {
        body: `${"a".repeat(5000)}!`,
      }),
    ).toMatch(/wanted matching/);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe("config of the new fields", () => {
  it("refuses backreferences, lookaround, a source the type does not measure and a range backwards", () => {
    const r = checkConfig("http", {
      url: "https://example.com",
      accepted_status_codes: ["299-200"],
      assertions: [
        { source: "body", comparison: "matches", target: "(a)\\1" },
        { source: "body", comparison: "matches", target: "(?=a)" },
        { source: "dns_rcode", comparison: "equals", target: "NOERROR" },
        { source: "json_body", comparison: "equals", target: "x" },
      ],
    });
    expect(r.ok).toBe(false);
    expect(Object.keys((r as { details: object }).details).sort()).toEqual([
      "accepted_status_codes.0",
      "assertions.0.target",
      "assertions.1.target",
      "assertions.2.source",
      "assertions.3.property",
    ]);
  });

  it("masks credentials in answers and keeps the stored ones when the mask comes back", () => {
    const stored = { url: "https://u:p@example.com/x", auth: { type: "bearer", token: "abcdefghijklmnopqrstuvwxyz" } };
    const shown = maskServiceConfig(stored);
    expect(shown).toEqual({ url: "https://****@example.com/x", auth: { type: "bearer", token: "****wxyz" } });
    expect(withStoredSecrets(shown, stored)).toEqual({ config: stored, problems: {} });
    expect(
      withStoredSecrets({ ...shown, auth: { type: "bearer", token: "****nope" } }, stored).problems,
    ).toHaveProperty(["auth.token"]);
    const withHeaders = { headers: { "X-Api-Key": "k-1234567890abcdefgh", "X-Tenant": "acme" } };
    const headersShown = maskServiceConfig(withHeaders);
    expect(headersShown.headers).toEqual({ "X-Api-Key": "****efgh", "X-Tenant": "acme" });
    expect(withStoredSecrets(headersShown, withHeaders).config).toEqual(withHeaders);
  });
});

describe("verdicts", () => {
  const http = (config: Record<string, unknown>) => checkFromConfig("http", { url: "https://x.test", ...config });

  it("accepts listed status ranges and says which status was unexpected", () => {
    expect(verdictOf(http({ accepted_status_codes: ["200-299", "301"] }), { statusCode: 301 }).outcome).toBe("up");
    expect(verdictOf(http({ accepted_status_codes: ["200-299"] }), { statusCode: 302 })).toEqual({
      outcome: "down",
      reason: "unexpected status 302",
    });
  });

  it("warns below the certificate threshold and is down once expired", () => {
    expect(verdictOf(http({}), { statusCode: 200, certificateDaysLeft: 5 })).toEqual({
      outcome: "up",
      reason: "certificate expires in 5 days (warning below 14)",
    });
    expect(verdictOf(http({}), { statusCode: 200, certificateDaysLeft: -2 })).toEqual({
      outcome: "down",
      reason: "certificate expired 2 days ago",
    });
  });

  it("is down on NXDOMAIN unless the assertions expect it", () => {
    const dns = (assertions?: Assertion[]) =>
      checkFromConfig("dns", { name: "gone.test", record_type: "A", assertions });
    expect(verdictOf(dns(), { dnsRcode: "NXDOMAIN", dnsAnswers: [] })).toEqual({
      outcome: "down",
      reason: "NXDOMAIN: gone.test A",
    });
    expect(
      verdictOf(dns([{ source: "dns_rcode", comparison: "equals", target: "NXDOMAIN" }]), { dnsRcode: "NXDOMAIN" })
        .outcome,
    ).toBe("up");
    expect(verdictOf(dns(), { dnsRcode: "NOERROR", dnsAnswers: [] })).toEqual({
      outcome: "down",
      reason: "no A record for gone.test",
    });
  });

  it("is up when the gRPC health answer is SERVING, down otherwise unless the assertions read the status", () => {
    const grpc = (config: Record<string, unknown>) => checkFromConfig("grpc", { host: "h.test", port: 1, ...config });
    expect(verdictOf(grpc({}), { grpcStatus: "SERVING" })).toEqual({ outcome: "up", reason: null });
    expect(verdictOf(grpc({ service: "shop.Orders" }), { grpcStatus: "NOT_SERVING" })).toEqual({
      outcome: "down",
      reason: "health status NOT_SERVING for shop.Orders",
    });
    const expectingDrain = grpc({
      assertions: [{ source: "grpc_status", comparison: "equals", target: "NOT_SERVING" }],
    });
    expect(verdictOf(expectingDrain, { grpcStatus: "NOT_SERVING" }).outcome).toBe("up");
    expect(verdictOf(expectingDrain, { grpcStatus: "SERVING" }).reason).toBe(
      'health status was "SERVING", wanted "NOT_SERVING"',
    );
  });

  it("is down when every echo request is lost, degraded by a partial loss, and asserts on loss and round trip", () => {
    const ping = (config: Record<string, unknown>) => checkFromConfig("ping", { host: "h.test", ...config });
    expect(verdictOf(ping({}), { packetLoss: 0, packetsSent: 3, responseTimeMs: 0.4 })).toEqual({
      outcome: "up",
      reason: null,
    });
    expect(verdictOf(ping({}), { packetLoss: 33.3, packetsSent: 3 })).toEqual({
      outcome: "up",
      reason: "packet loss 33.3% (1 of 3 lost)",
    });
    expect(verdictOf(ping({}), { packetLoss: 100, packetsSent: 3 })).toEqual({
      outcome: "down",
      reason: "no reply: 3 of 3 packets lost",
    });
    const strict = ping({
      assertions: [
        { source: "packet_loss", comparison: "less_than", target: 20 },
        { source: "response_time", comparison: "less_than", target: 50 },
      ],
    });
    expect(verdictOf(strict, { packetLoss: 33.3, packetsSent: 3, responseTimeMs: 1 }).reason).toBe(
      "packet loss (%) was 33.3, wanted < 20",
    );
    expect(verdictOf(strict, { packetLoss: 0, packetsSent: 3, responseTimeMs: 80 }).reason).toBe(
      "response time (ms) was 80, wanted < 50",
    );
    expect(verdictOf(strict, { packetLoss: 0, packetsSent: 3, responseTimeMs: 1 })).toEqual({
      outcome: "up",
      reason: null,
    });
  });
});

describe("the ping command", () => {
  it("builds its arguments from numbers and an IP address only, the address after --", () => {
    expect(pingArguments("127.0.0.1", 4, 3, 9)).toEqual([
      "-4",
      "-n",
      "-q",
      "-c",
      "3",
      "-i",
      "0.2",
      "-W",
      "9",
      "--",
      "127.0.0.1",
    ]);
    expect(pingArguments("::1", 6, 1, 1).slice(0, 1)).toEqual(["-6"]);
    expect(() => pingArguments("-f", 4, 3, 9)).toThrow(/not an IP address/);
    expect(() => pingArguments("example.com", 4, 3, 9)).toThrow(/not an IP address/);
  });

  it("reads iputils' summary: sent, received, loss and the average round trip", () => {
    const out = `PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.

--- 127.0.0.1 ping statistics ---
3 packets transmitted, 2 received, 33.3333% packet loss, time 402ms
rtt min/avg/max/mdev = 0.031/0.047/0.063/0.016 ms
`;
    expect(pingSummary(out)).toEqual({ sent: 3, received: 2, lossPercent: 33.3, avgMs: 0.047 });
    expect(pingSummary("2 packets transmitted, 0 received, 100% packet loss, time 1010ms")).toEqual({
      sent: 2,
      received: 0,
      lossPercent: 100,
      avgMs: null,
    });
    expect(pingSummary("ping: socket: Operation not permitted")).toBeNull();
  });
});

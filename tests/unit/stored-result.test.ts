import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/server/checks";
import { checkResultFromWire, checkResultWire, storedResult } from "../../src/server/checks/stored-result";
import { postedResult } from "../../src/shared/schemas/probe-agent";

const result: CheckResult = {
  outcome: "down",
  reason: "unexpected status 503",
  statusCode: 503,
  responseTimeMs: 41.5,
  startedAt: new Date("2027-03-01T12:00:00.250Z"),
  timing: { dnsMs: 1.2, connectMs: 3.4, tlsMs: null, firstByteMs: 40 },
  certificateDaysLeft: null,
};

describe("a check result and the result stored", () => {
  it("maps a check result to the stored result of its service, lane and slot", () => {
    expect(storedResult({ serviceId: 9, lane: 0, slot: null }, result)).toEqual({
      serviceId: 9,
      lane: 0,
      slot: null,
      outcome: "down",
      reason: "unexpected status 503",
      statusCode: 503,
      responseTimeMs: 41.5,
      startedAt: new Date("2027-03-01T12:00:00.250Z"),
      dnsMs: 1.2,
      connectMs: 3.4,
      tlsMs: null,
      firstByteMs: 40,
      certificateDaysLeft: null,
      steps: null,
      screenshot: null,
    });
  });

  it("carries a failed browser run's timings and screenshot over the wire, keeping only a JPEG within 200 KB", () => {
    const browser: CheckResult = {
      ...result,
      steps: [
        { step: "load", ms: 120 },
        { step: 'step 1 (click "#go")', ms: 30 },
      ],
      screenshot: { jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xd9]), step: 'step 1 (click "#go")' },
    };
    const posted = (r: CheckResult) =>
      checkResultFromWire(
        postedResult.parse(JSON.parse(JSON.stringify(checkResultWire({ service_id: 9, lane: 4, slot: 17 }, r)))),
      );
    expect(storedResult({ serviceId: 9, lane: 4, slot: 17 }, posted(browser))).toEqual(
      storedResult({ serviceId: 9, lane: 4, slot: 17 }, browser),
    );
    const png = { ...browser, screenshot: { jpeg: Buffer.from([0x89, 0x50, 0x4e, 0x47]), step: "load" } };
    expect(posted(png).screenshot).toBeUndefined();
    const big = Buffer.alloc(200 * 1024 + 1, 0xff);
    big[1] = 0xd8;
    expect(posted({ ...browser, screenshot: { jpeg: big, step: "load" } }).screenshot).toBeUndefined();
  });

  it("stores what a probe posts exactly as what the server checked itself (the wire form passes the protocol's schema)", () => {
    const wire = checkResultWire({ service_id: 9, lane: 4, slot: 17 }, result);
    const parsed = postedResult.parse(JSON.parse(JSON.stringify(wire)));
    expect(
      storedResult({ serviceId: parsed.service_id, lane: parsed.lane, slot: parsed.slot }, checkResultFromWire(parsed)),
    ).toEqual(storedResult({ serviceId: 9, lane: 4, slot: 17 }, result));
  });

  it("reads a timing a probe left out as null", () => {
    const parsed = postedResult.parse({
      ...checkResultWire({ service_id: 1, lane: 0, slot: 0 }, result),
      timing: { dns_ms: 2 },
    });
    expect(checkResultFromWire(parsed).timing).toEqual({ dnsMs: 2, connectMs: null, tlsMs: null, firstByteMs: null });
  });
});

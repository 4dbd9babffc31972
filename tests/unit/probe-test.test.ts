import { describe, expect, it } from "vitest";
import { privateTestWaitSeconds, testsMayWait, whyProbeCannotTest } from "../../src/server/domain/probe-test";

const now = new Date("2026-11-27T09:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("testing a configuration on a private probe", () => {
  it("refuses a probe that said it does not run the type, and one not seen for 2 minutes", () => {
    expect(whyProbeCannotTest(7, "browser", { checkTypes: "dns,http,tcp", lastSeenAt: ago(1000) }, now)).toEqual({
      kind: "type",
      message: "Probe 7 does not run browser checks (it runs dns, http, tcp)",
    });
    expect(whyProbeCannotTest(7, "http", { checkTypes: "dns,http", lastSeenAt: ago(120_000) }, now)).toEqual({
      kind: "offline",
      message: "Probe 7 is offline (last seen 2026-11-27T08:58:00Z): is it running?",
    });
    expect(whyProbeCannotTest(7, "http", { checkTypes: null, lastSeenAt: null }, now)?.message).toBe(
      "Probe 7 is offline (never seen): is it running?",
    );
  });

  it("lets a probe seen lately that never said its types take any type", () => {
    expect(whyProbeCannotTest(7, "browser", { checkTypes: null, lastSeenAt: ago(119_999) }, now)).toBeNull();
    expect(whyProbeCannotTest(7, "http", { checkTypes: "http", lastSeenAt: ago(0) }, now)).toBeNull();
  });

  it("waits the check's timeout and 10 s, and looks for test jobs only while one may wait", () => {
    expect(privateTestWaitSeconds(1)).toBe(11);
    expect(testsMayWait(null, now)).toBe(false);
    expect(testsMayWait(new Date(now.getTime() + 1), now)).toBe(true);
    expect(testsMayWait(now, now)).toBe(false);
  });
});

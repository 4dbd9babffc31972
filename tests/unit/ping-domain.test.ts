import { describe, expect, it } from "vitest";
import { isPlausibleToken, isUuid, parsePingPath } from "../../src/server/domain/ping-request";
import { admitPing, formatRecentPings, parseRecentPings } from "../../src/server/domain/rate-window";
import { baselineMs, capLog, isDrifted, LOG_LIMIT_BYTES, pairingWindowMs } from "../../src/server/domain/runs";
import { displayState, monitorAfterEvent, stateAfterPing } from "../../src/server/domain/monitor-state";

const T = "a".repeat(43);

describe("ping path forms", () => {
  it("accepts the five forms of spec 4.2", () => {
    expect(parsePingPath(`/${T}`)).toEqual({ token: T, kind: "success", exitCode: null });
    expect(parsePingPath(`/${T}/start`)).toEqual({ token: T, kind: "start", exitCode: null });
    expect(parsePingPath(`/${T}/fail`)).toEqual({ token: T, kind: "fail", exitCode: null });
    expect(parsePingPath(`/${T}/log`)).toEqual({ token: T, kind: "log", exitCode: null });
    expect(parsePingPath(`/${T}/0`)).toEqual({ token: T, kind: "success", exitCode: 0 });
    expect(parsePingPath(`/${T}/255`)).toEqual({ token: T, kind: "fail", exitCode: 255 });
    expect(parsePingPath(`/${T}/1`)).toEqual({ token: T, kind: "fail", exitCode: 1 });
  });

  it("rejects every other form", () => {
    for (const p of [
      `/${T}/foo`,
      `/${T}/256`,
      `/${T}/start/x`,
      `/${T}/-1`,
      `/${T}/01`,
      `/${T}/1.5`,
      "/",
      "",
      `/${T}/`,
    ]) {
      expect(parsePingPath(p), p).toBeNull();
    }
  });

  it("treats anything but 43 url-safe characters as a token that cannot exist", () => {
    expect(isPlausibleToken(T)).toBe(true);
    expect(isPlausibleToken("a".repeat(42))).toBe(false);
    expect(isPlausibleToken("a".repeat(42) + "!")).toBe(false);
    expect(isUuid("0b5e6f1c-8a3a-4d2e-9c59-1d2f3a4b5c6d")).toBe(true);
    expect(isUuid("not-a-uuid")).toBe(false);
  });
});

describe("the sliding-minute rate cap", () => {
  it("admits 5 pings in a minute and refuses the 6th with the seconds until a slot frees", () => {
    let recent: number[] = [];
    for (let i = 0; i < 5; i++) {
      const d = admitPing(recent, 1_000_000 + i * 1000);
      expect(d.accepted).toBe(true);
      if (d.accepted) recent = d.recent;
    }
    expect(admitPing(recent, 1_010_000)).toEqual({ accepted: false, retryAfterSeconds: 50 });
  });

  it("slides: a ping 60 s after the oldest is admitted again", () => {
    const recent = [0, 10_000, 20_000, 30_000, 40_000];
    expect(admitPing(recent, 59_999).accepted).toBe(false);
    const later = admitPing(recent, 60_001);
    expect(later).toEqual({ accepted: true, recent: [10_000, 20_000, 30_000, 40_000, 60_001] });
  });

  it("round-trips the stored form", () => {
    expect(parseRecentPings(formatRecentPings([1, 2, 3]))).toEqual([1, 2, 3]);
    expect(parseRecentPings("")).toEqual([]);
  });
});

describe("baseline and drift", () => {
  it("needs 5 successful runs and takes the median of the last 20", () => {
    expect(baselineMs([1000, 1000, 1000, 1000])).toBeNull();
    expect(baselineMs([1000, 3000, 2000, 5000, 4000])).toBe(3000);
    expect(baselineMs([1000, 2000, 3000, 4000, 5000, 6000])).toBe(3500);
    expect(baselineMs([...Array(20).fill(1000), ...Array(30).fill(999_999)])).toBe(1000);
  });

  it("flags a run slower than the baseline by more than max(pct, floor)", () => {
    // baseline 100 s, pct 0.5 → 50 s; floor 30 s → threshold 50 s
    expect(isDrifted(150_000, 100_000, 0.5, 30)).toBe(false);
    expect(isDrifted(150_001, 100_000, 0.5, 30)).toBe(true);
    // baseline 10 s, pct 0.5 → 5 s; floor 30 s wins
    expect(isDrifted(40_000, 10_000, 0.5, 30)).toBe(false);
    expect(isDrifted(40_001, 10_000, 0.5, 30)).toBe(true);
    expect(isDrifted(1_000_000, null, 0.5, 30)).toBe(false);
  });

  it("pairs rid-less completions within max runtime, or 24 h when unset", () => {
    expect(pairingWindowMs(600)).toBe(600_000);
    expect(pairingWindowMs(null)).toBe(86_400_000);
  });
});

describe("log capture", () => {
  it("keeps bodies up to 102400 bytes whole", () => {
    const body = new TextEncoder().encode("é".repeat(51_200));
    expect(capLog(body)).toMatchObject({ bytes: 102_400, truncated: false });
  });

  it("cuts longer bodies at the cap without splitting a multi-byte character", () => {
    // 102399 ASCII bytes then a 3-byte "€": the cut would fall inside it, so it is dropped whole.
    const body = new TextEncoder().encode("a".repeat(LOG_LIMIT_BYTES - 1) + "€" + "tail");
    const cut = capLog(body);
    expect(cut.truncated).toBe(true);
    expect(cut.bytes).toBe(LOG_LIMIT_BYTES - 1);
    expect(cut.text.endsWith("a")).toBe(true);
    expect(cut.text).not.toContain("\uFFFD");
  });
});

describe("monitor state", () => {
  const period = { kind: "period" as const, periodSeconds: 3600 };
  const now = new Date("2026-11-22T10:00:00Z");

  it("folds paused and suspended into the display value paused", () => {
    expect(displayState("down", true, false)).toBe("paused");
    expect(displayState("up", false, true)).toBe("paused");
    expect(displayState("late", false, false)).toBe("late");
  });

  it("arms on the first ping of any kind and re-arms on every completion", () => {
    expect(stateAfterPing({ state: "new", nextExpectedAt: null }, null, period, now)).toEqual({
      state: "new",
      nextExpectedAt: new Date("2026-11-22T11:00:00Z"),
      changed: false,
    });
    const armed = new Date("2026-11-22T10:30:00Z");
    expect(stateAfterPing({ state: "up", nextExpectedAt: armed }, null, period, now).nextExpectedAt).toEqual(armed);
    expect(stateAfterPing({ state: "late", nextExpectedAt: armed }, "success", period, now)).toEqual({
      state: "up",
      nextExpectedAt: new Date("2026-11-22T11:00:00Z"),
      changed: true,
    });
    expect(stateAfterPing({ state: "up", nextExpectedAt: armed }, "fail", period, now).state).toBe("down");
  });
});

describe("the monitor after an applied event (both ping stores)", () => {
  const now = new Date("2027-01-01T10:00:00Z");
  const stored = {
    state: "down",
    next_expected_at: "2027-01-01T09:00:00.000Z",
    paused: 1,
    schedule_kind: "period",
    cron_expression: null,
    timezone: "UTC",
    period_seconds: 3600,
  };
  it("resumes a paused monitor on a success and arms it from now", () => {
    expect(monitorAfterEvent(stored, { completion: "success", duplicate: false }, now)).toEqual({
      paused: false,
      state: "up",
      nextExpectedAt: new Date("2027-01-01T11:00:00Z"),
      changed: true,
    });
  });
  it("keeps a paused monitor paused on a failure", () => {
    expect(monitorAfterEvent({ ...stored, paused: true }, { completion: "fail", duplicate: false }, now)).toMatchObject(
      { paused: true, state: "down", changed: false },
    );
  });
  it("changes nothing for a repeat of an event already recorded", () => {
    expect(monitorAfterEvent({ ...stored, paused: 0 }, { completion: "success", duplicate: true }, now)).toEqual({
      paused: false,
      state: "down",
      nextExpectedAt: new Date("2027-01-01T09:00:00Z"),
      changed: false,
    });
  });
});

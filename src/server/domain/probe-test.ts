/**
 * "Test this check" on a private probe (docs/api-checks.md), pure rules. The probe learns of a test
 * job at its next lease call: an idle agent calls at most every 5 s, jittered up to 7.5 s, and posts
 * the report at once, so a test waits for the check's timeout plus PICKUP_SECONDS.
 */
export const PICKUP_SECONDS = 10;

/** A probe not seen for this long is not asked at all (the same rule as its `offline` status). */
export const SEEN_WITHIN_MS = 120_000;

/** How long a test on a private probe waits for the report. */
export function privateTestWaitSeconds(timeoutSeconds: number): number {
  return timeoutSeconds + PICKUP_SECONDS;
}

export type TestRefusal = { kind: "type" | "offline"; message: string };

/**
 * Why the private probe cannot take a test of this type now, or null: it said at its latest lease
 * that it does not run the type (one that never said runs every type), or it has not called for
 * SEEN_WITHIN_MS (it is stopped, or cannot reach Lifeline).
 */
export function whyProbeCannotTest(
  probeId: number,
  type: string,
  probe: { checkTypes: string | null; lastSeenAt: Date | null },
  now: Date,
): TestRefusal | null {
  if (probe.checkTypes !== null && !probe.checkTypes.split(",").includes(type)) {
    const runs = probe.checkTypes.split(",").join(", ") || "none";
    return { kind: "type", message: `Probe ${probeId} does not run ${type} checks (it runs ${runs})` };
  }
  if (!probe.lastSeenAt || now.getTime() - probe.lastSeenAt.getTime() >= SEEN_WITHIN_MS) {
    const seen = probe.lastSeenAt ? `last seen ${probe.lastSeenAt.toISOString().slice(0, 19)}Z` : "never seen";
    return { kind: "offline", message: `Probe ${probeId} is offline (${seen}): is it running?` };
  }
  return null;
}

/** Whether a probe's lease call should look for test jobs: one may wait for it until `testsUntil`. */
export function testsMayWait(testsUntil: Date | null, now: Date): boolean {
  return testsUntil !== null && testsUntil.getTime() > now.getTime();
}

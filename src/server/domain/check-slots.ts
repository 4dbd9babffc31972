/**
 * When a service's checks are due, pure. Time is cut into slots of the service's interval; each
 * service sits at its own offset inside the slot (its id modulo the interval), so 10,000 services at
 * 60 s spread over the minute instead of starting together. A slot is checked once: the lease of
 * (service, slot) is what two probes compete for.
 */
export type Slot = { slot: number; dueAt: Date };

export function offsetSeconds(serviceId: number, intervalSeconds: number): number {
  return serviceId % intervalSeconds;
}

/** The slot that is due at or before `now` (the current one), and its due instant. */
export function currentSlot(serviceId: number, intervalSeconds: number, now: Date): Slot {
  const offset = offsetSeconds(serviceId, intervalSeconds);
  const slot = Math.floor((now.getTime() / 1000 - offset) / intervalSeconds);
  return { slot, dueAt: dueAtOf(serviceId, intervalSeconds, slot) };
}

export function dueAtOf(serviceId: number, intervalSeconds: number, slot: number): Date {
  return new Date((slot * intervalSeconds + offsetSeconds(serviceId, intervalSeconds)) * 1000);
}

/** The next scheduled due instant strictly after the slot that was just checked. */
export function nextDueAt(serviceId: number, intervalSeconds: number, checkedSlot: number): Date {
  return dueAtOf(serviceId, intervalSeconds, checkedSlot + 1);
}

/** A lease unreturned after this long goes to another probe: the check's timeout plus a margin. */
export function leaseSeconds(timeoutSeconds: number): number {
  return timeoutSeconds + 15;
}

/** A lane's pending check and run of failures (the columns a result changes). */
export type LaneSchedule = {
  slot: number;
  dueAt: Date;
  leasableAt: Date | null;
  leasedBy: number | null;
  consecutiveFailures: number;
  /** Successes in a row (0 after a failure): the service's recovery threshold reads it. */
  consecutiveSuccesses?: number;
};

/**
 * The lane after a result. A scheduled result (it names the lane's pending slot) moves the lane to
 * its next check: the confirming re-check CONFIRM_RECHECK_SECONDS after a first failure, else the
 * service's next slot. An off-schedule result (`POST /services/{id}/run`) leaves the schedule alone,
 * except that a first failure brings the next check forward to the re-check. A disabled service's
 * lane is not leasable.
 */
export function laneAfterResult(
  lane: LaneSchedule,
  result: { outcome: "up" | "down"; scheduled: boolean },
  service: { id: number; intervalSeconds: number; enabled: boolean },
  confirmRecheckSeconds: number,
  now: Date,
): LaneSchedule {
  const consecutiveFailures = result.outcome === "down" ? lane.consecutiveFailures + 1 : 0;
  const consecutiveSuccesses = result.outcome === "up" ? (lane.consecutiveSuccesses ?? 0) + 1 : 0;
  const recheck =
    result.outcome === "down" && consecutiveFailures === 1
      ? new Date(now.getTime() + confirmRecheckSeconds * 1000)
      : null;
  if (result.scheduled) {
    const dueAt =
      recheck ??
      nextDueAt(service.id, service.intervalSeconds, currentSlot(service.id, service.intervalSeconds, now).slot);
    return {
      slot: lane.slot + 1,
      dueAt,
      leasableAt: service.enabled ? dueAt : null,
      leasedBy: null,
      consecutiveFailures,
      consecutiveSuccesses,
    };
  }
  if (lane.leasedBy !== null || !recheck || !service.enabled || (lane.leasableAt && lane.leasableAt <= recheck)) {
    return { ...lane, consecutiveFailures, consecutiveSuccesses };
  }
  return { ...lane, dueAt: recheck, leasableAt: recheck, consecutiveFailures, consecutiveSuccesses };
}

/**
 * Why a posted result is not recorded (null: it is): its lane does not exist, or a scheduled
 * result's slot is no longer leased to the probe that posts it (the lease expired, or another
 * result recorded the slot). An off-schedule result (`slot` null) is recorded for any lane.
 */
export function resultRefusal(
  lane: { slot: number; leasedBy: number | null } | undefined,
  result: { slot: number | null },
  probeId: number,
): string | null {
  if (!lane) return "no such service lane";
  if (result.slot !== null && (lane.slot !== result.slot || lane.leasedBy !== probeId))
    return "the slot is not leased to this probe (the lease expired or the slot was recorded)";
  return null;
}

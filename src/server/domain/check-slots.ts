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

import type { IncidentKind, IncidentRules } from "../domain/incidents";
import { claimHeld, heldIncidents, type HeldOf } from "../storage/held-incidents";
import type { SqlAccess } from "../storage/runner";

/**
 * Notifies every open incident whose hold has ended (domain/incidents.ts `afterHoldEnds`: a snooze
 * expired, a maintenance window's run ended, a parent recovered), and every resolution held after a
 * notified opening, once: one read each (no transaction when nothing is held), then in one
 * transaction each is claimed by a compare-and-swap before its outbox row is written
 * (storage/held-incidents.ts), so any number of sweepers at once notify it once. Every sweep
 * releases them all; a snooze that ends releases its object's at once (`object`). Returns how many
 * were notified.
 */
export async function releaseHeldIncidents(
  { read, transact }: SqlAccess,
  rules: Pick<IncidentRules, "afterHoldEnds" | "notifies">,
  now: Date,
  object?: HeldOf,
): Promise<number> {
  const held = await read((sql) => heldIncidents(sql, now, object));
  const opened = held.opened.filter((i) =>
    rules.afterHoldEnds(i.subject, { kind: i.kind as IncidentKind, reason: i.reason }, now),
  );
  const resolved = held.resolved.filter((i) => rules.notifies(i.subject, { event: "incident.resolved" }, now));
  if (opened.length === 0 && resolved.length === 0) return 0;
  return transact(async (tx) => {
    let released = 0;
    for (const i of opened) if (await claimHeld(tx, i, "incident.opened", now)) released++;
    for (const i of resolved) if (await claimHeld(tx, i, "incident.resolved", now)) released++;
    return released;
  });
}

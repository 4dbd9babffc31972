import type { Prisma } from "../../../generated/prisma/client";
import { incidentRules, serviceIncidentChange, type IncidentRules } from "../../domain/incidents";
import { executeIncidentPlan, serviceSubject } from "../../storage/incident-executor";
import { txSql } from "../../storage/tx-sql";

/**
 * A service's status changed by an edit (paused, pending after a new config) or by a probe it may
 * no longer use (probe-use.ts): what that does to its incident is asked of domain/incidents.ts
 * with every rule the probes' path asks (snooze, the maintenance window over it, a parent that is
 * down, and `rules`), reading the service as the probes' path reads it, and executed in the edit's
 * transaction by storage/incident-executor.ts, as a probe result's plan is.
 */
export async function afterServiceEdit(
  tx: Prisma.TransactionClient,
  serviceId: number,
  change: { previous: string; status: string },
  now: Date,
  rules: Pick<IncidentRules, "afterServiceStatus"> = incidentRules(),
): Promise<void> {
  // A change that neither enters nor leaves `down` does nothing to incidents: nothing to read.
  if (serviceIncidentChange(change.previous, change.status) === null) return;
  const sql = txSql(tx);
  const subject = await serviceSubject(sql, serviceId, now);
  if (!subject) return;
  const plan = rules.afterServiceStatus(subject, { ...change, reason: null }, now);
  if (!plan.open && !plan.resolve) return;
  await executeIncidentPlan(sql, { type: "service", id: serviceId, orgId: subject.orgId }, plan, now);
}

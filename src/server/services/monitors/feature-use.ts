import type { Prisma } from "../../../generated/prisma/client";
import { featureUse } from "../../domain/feature-use";
import { keepFeatureUse, type TouchedMonitors } from "../../storage/feature-use";
import { txSql } from "../../storage/tx-sql";

/**
 * After a write that may change what cron monitors use of maintenance windows and dependencies (a
 * window, a monitor's project or parents, a project, a member's edges, a parent deleted): their
 * flags asked again of domain/feature-use.ts, in the write's transaction (storage/feature-use.ts).
 */
export function keepMonitorFeatureUse(
  tx: Prisma.TransactionClient,
  touched: TouchedMonitors,
  now = new Date(),
): Promise<number> {
  return keepFeatureUse(txSql(tx), touched, featureUse, now);
}

import { env } from "../../env";
import { db } from "../db";
import { apiStore } from "../storage/api-store";
import pkg from "../../../package.json" with { type: "json" };

export async function health(): Promise<{ status: "ok"; database: "ok" }> {
  await apiStore().ping();
  return { status: "ok", database: "ok" };
}

/** The last successful sweep, as the sweeper records it under `system_status.sweep`. */
export type SweepReport = { at: string; duration_ms: number; counts: Record<string, number> };

export async function status() {
  const sweep = await db().systemStatus.findUnique({ where: { key: "sweep" } });
  return {
    version: pkg.version,
    database: env().databaseKind,
    last_sweep: sweep ? (JSON.parse(sweep.value) as SweepReport) : null,
  };
}

// A separate process creating cron monitors straight through the service, for the cross-process
// plan-limit test: `tsx create-monitors-worker.ts <orgId> <count>` (DATA_DIR set by the parent).
// Prints one JSON line: how many creates succeeded, hit the plan limit, or failed otherwise.
import { createMonitor } from "../../src/server/services/monitors/create";
import { AppError } from "../../src/shared/errors";

async function main() {
  const [orgId, count] = process.argv.slice(2).map(Number) as [number, number];
  const caller = { orgId, plan: "free", projects: { kind: "org" as const, orgId }, mayEdit: true };
  const outcomes = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      createMonitor(caller, { name: `p${process.pid}-${i}`, schedule_kind: "period", period_seconds: 600 }).then(
        () => "created",
        (err: unknown) =>
          err instanceof AppError && err.code === "PLAN_LIMIT_REACHED"
            ? "limit"
            : `error: ${String(err)} ${JSON.stringify({ code: (err as { code?: unknown }).code, meta: (err as { meta?: unknown }).meta })}`,
      ),
    ),
  );
  console.log(JSON.stringify(outcomes));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

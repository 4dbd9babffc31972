// The soak's load, written straight into the database (an operator's import would do the same; the
// API creates monitors eight at a time, far too slowly for 100,000): period monitors whose expected
// times are spread evenly over their period, services on the platform lane, platform probes.
import crypto from "node:crypto";
import type { EngineDb } from "../../tests/support/engine-db";
import { currentSlot, nextDueAt } from "../../src/server/domain/check-slots";

export type SeededMonitor = {
  id: number;
  token: string;
  /** Its first expected ping time (epoch ms). */
  expectedAt: number;
};

const ROWS_PER_STATEMENT = 500;

async function insertRows(db: EngineDb, head: string, columns: number, rows: unknown[][], returning = "") {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    const tuple = `(${Array.from({ length: columns }, () => "?").join(", ")})`;
    const sql = `${head} VALUES ${chunk.map(() => tuple).join(", ")}${returning}`;
    if (returning) ids.push(...(await db.query<{ id: number }>(sql, chunk.flat())).map((r) => Number(r.id)));
    else await db.run(sql, chunk.flat());
  }
  return ids;
}

/**
 * `count` period monitors of the organization, `up`, each expected once per `periodSeconds` with
 * `graceSeconds` of grace; the first expected at `firstAt`, the others spread evenly over the period
 * after it (so `count / period` fall due each second).
 */
export async function seedMonitors(
  db: EngineDb,
  orgId: number,
  o: { count: number; periodSeconds: number; graceSeconds: number; firstAt: number; now: Date },
): Promise<SeededMonitor[]> {
  const stepMs = (o.periodSeconds * 1000) / o.count;
  const monitors = Array.from({ length: o.count }, (_, i) => ({
    token: crypto.randomBytes(32).toString("base64url"),
    expectedAt: Math.round(o.firstAt + i * stepMs),
  }));
  const ids = await db.transaction((tx) =>
    insertRows(
      tx as EngineDb,
      `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, grace_seconds, state, state_since,
         next_expected_at, ping_token, created_at, updated_at)`,
      11,
      monitors.map((m, i) => [
        orgId,
        `soak ${i}`,
        "period",
        o.periodSeconds,
        o.graceSeconds,
        "up",
        o.now,
        new Date(m.expectedAt),
        m.token,
        o.now,
        o.now,
      ]),
      " RETURNING id",
    ),
  );
  return monitors.map((m, i) => ({ ...m, id: ids[i]! }));
}

/** `count` http services of the user checked every `intervalSeconds` on the platform lane; `targetOf(i)` names each one's URL. */
export async function seedServices(
  db: EngineDb,
  userId: number,
  o: { count: number; intervalSeconds: number; targetOf: (i: number) => string; now: Date },
): Promise<number[]> {
  const ids = await db.transaction((tx) =>
    insertRows(
      tx as EngineDb,
      `INSERT INTO services (user_id, name, type, enabled, "interval", config, status, created_at, updated_at)`,
      9,
      Array.from({ length: o.count }, (_, i) => [
        userId,
        `soak service ${i}`,
        "http",
        true,
        o.intervalSeconds,
        JSON.stringify({ url: o.targetOf(i), method: "GET", expected_status_code: 200, timeout: 5 }),
        "pending",
        o.now,
        o.now,
      ]),
      " RETURNING id",
    ),
  );
  // Each service's lane due at its own natural slot (as a first result would schedule it), at least 5 s away.
  const soon = new Date(o.now.getTime() + 5000);
  await db.transaction((tx) =>
    insertRows(
      tx as EngineDb,
      `INSERT INTO service_lanes (service_id, lane, slot, due_at, leasable_at)`,
      5,
      ids.map((id) => {
        const due = nextDueAt(id, o.intervalSeconds, currentSlot(id, o.intervalSeconds, soon).slot);
        return [id, 0, 0, due, due];
      }),
    ),
  );
  return ids;
}

/** Platform probes (as `npm run admin -- probe:platform` registers them); their tokens. */
export async function seedPlatformProbes(db: EngineDb, count: number, now: Date): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => crypto.randomBytes(24).toString("base64url"));
  for (const [i, token] of tokens.entries())
    await db.run(
      "INSERT INTO probes (kind, name, location, token_hash, created_at, updated_at) VALUES ('platform', ?, '', ?, ?, ?)",
      [`soak probe ${i}`, crypto.createHash("sha256").update(token).digest("hex"), now, now],
    );
  return tokens;
}

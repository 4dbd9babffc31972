// The REST bench's data and requests (bench:api, bench:api-versus): one user whose organization is on
// the enterprise plan, 50 monitors with 5 runs each, and the requests loaded against it.
import { apiPoster, registerBenchUser } from "./lib";

export type ApiTarget = { base: string; token: string; monitorId: number };

/** A user (its organization on the enterprise plan), 50 monitors with 5 runs each, through the API and SQL. */
export async function seedApi(
  base: string,
  sql: (text: string, params: unknown[]) => Promise<void>,
): Promise<{ token: string; monitorId: number }> {
  const post = apiPoster(base);
  const { token } = await registerBenchUser(base);
  await sql(`UPDATE organizations SET plan = 'enterprise'`, []);
  let monitorId = 0;
  for (let i = 0; i < 50; i++) {
    const created = await post(
      "/cron-monitors",
      { name: `job ${i}`, schedule_kind: "cron", cron_expression: "*/5 * * * *" },
      token,
    );
    monitorId = created.data.id;
    for (let r = 0; r < 5; r++) {
      await sql(
        `INSERT INTO cron_runs (monitor_id, rid, status, started_at, duration_ms) VALUES (?, ?, 'success', ?, ?)`,
        [monitorId, `rid-${r}`, new Date(Date.now() - r * 300_000).toISOString().replace("Z", "+00:00"), 1000 + r],
      );
    }
  }
  return { token, monitorId };
}

export function apiScenarios(e: ApiTarget) {
  const auth = { authorization: `Bearer ${e.token}` };
  let n = 0;
  const withAuth = [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: auth }) }];
  return [
    { name: "GET /livez (no database)", url: `${e.base}/livez`, requests: undefined },
    { name: "GET /api/v1/health", url: `${e.base}/api/v1/health`, requests: undefined },
    {
      name: "GET /api/v1/cron-monitors/{id}",
      url: `${e.base}/api/v1/cron-monitors/${e.monitorId}`,
      requests: withAuth,
    },
    { name: "GET /api/v1/cron-monitors?limit=50", url: `${e.base}/api/v1/cron-monitors?limit=50`, requests: withAuth },
    {
      name: "POST /api/v1/cron-monitors",
      url: `${e.base}/api/v1/cron-monitors`,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({ name: `load ${n++}`, schedule_kind: "period", period_seconds: 3600 }),
          }),
        },
      ],
    },
  ];
}

/** The seed's SQL on a PostgreSQL client: its `?` placeholders numbered. */
export function pgSql(client: { query: (text: string, params: unknown[]) => Promise<unknown> }) {
  return async (text: string, params: unknown[]) => {
    let i = 0;
    await client.query(
      text.replace(/\?/g, () => `$${++i}`),
      params,
    );
  };
}

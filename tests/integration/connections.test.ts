import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKind } from "../support/db";
import { callOn, dedicatedLifeline, registerOn, startTarget } from "../support/probes";
import { openDescriptorsOn, tcpConnectionsTo, webPid } from "../support/processes";
import type { TestUser } from "../support/http";

// One door into storage (src/server/storage/engine.ts): a web process holds on SQLite at most two
// connections, Prisma's and the stores' one writer (the WAL is checkpointed by the sweeper process,
// wal-checkpoints.test.ts); on PostgreSQL DATABASE_POOL_SIZE connections in all (the ping store's share and
// the pool of Prisma and the other stores). Counted from outside, through
// /proc, while pings, REST reads and writes, a service check and a metrics scrape run at once.

const POOL_SIZE = 3;
let server: Awaited<ReturnType<typeof dedicatedLifeline>>;
let target: Awaited<ReturnType<typeof startTarget>>;
let owner: TestUser;

beforeAll(async () => {
  target = await startTarget("ok");
  server = await dedicatedLifeline({ DATABASE_POOL_SIZE: String(POOL_SIZE), OUTBOUND_ALLOW_PRIVATE: "true" });
  owner = await registerOn(server.server, "connections");
});
afterAll(async () => {
  await server?.stop();
  await target?.close();
});

/** The web process's database connections: descriptors on the SQLite file, or TCP connections to PostgreSQL. */
function connectionsOf(pid: number): number {
  const url = server.server.databaseUrl;
  return databaseKind() === "postgresql"
    ? tcpConnectionsTo(pid, Number(new URL(url).port))
    : openDescriptorsOn(pid, url.replace(/^file:/, ""));
}

describe("the connections of a web process", () => {
  it("stay within one door's under every kind of request at once: at most 2 on SQLite, the pool's size on PostgreSQL", async () => {
    const api = callOn(server.server);
    const pid = webPid(server.server.port);
    const token = (
      await api("POST", `/orgs/${owner.orgSlug}/service-tokens`, {
        token: owner.access,
        body: { name: "scrape", capabilities: ["metrics.read"] },
      })
    ).body.data.token as string;
    const monitors = await Promise.all(
      Array.from(
        { length: 5 },
        async (_, i) =>
          (
            await api("POST", "/cron-monitors", {
              token: owner.access,
              body: { name: `job-${i}`, schedule_kind: "period", period_seconds: 3600 },
            })
          ).body.data,
      ),
    );
    const service = (
      await api("POST", "/services", {
        token: owner.access,
        body: { name: "site", type: "http", config: { url: target.url }, interval: 300, enabled: true },
      })
    ).body.data;

    let most = 0;
    const sample = setInterval(() => (most = Math.max(most, connectionsOf(pid))), 5);
    try {
      // Four rounds of every kind of request at once: pings (ping store), REST reads (REST store,
      // Prisma), a monitor insert, a check (check store), a scrape (metrics reads).
      for (let round = 0; round < 4; round++) {
        const answers = await Promise.all([
          ...monitors.flatMap((m: { ping_token: string }) =>
            Array.from({ length: 6 }, (_, k) =>
              fetch(`${server.server.baseUrl}/ping/${m.ping_token}${k % 2 ? "/start" : ""}`).then((r) => r.status),
            ),
          ),
          ...Array.from({ length: 6 }, () =>
            api("GET", "/cron-monitors?limit=50", { token: owner.access }).then((r) => r.status),
          ),
          api("POST", "/cron-monitors", {
            token: owner.access,
            body: { name: `more-${round}`, schedule_kind: "period", period_seconds: 3600 },
          }).then((r) => r.status),
          api("GET", `/services/${service.id}`, { token: owner.access }).then((r) => r.status),
          api("POST", `/services/${service.id}/run`, { token: owner.access }).then((r) => r.status),
          api("GET", "/metrics", { token }).then((r) => r.status),
          api("GET", "/projects", { token: owner.access }).then((r) => r.status),
        ]);
        expect(answers.filter((s) => s >= 500)).toEqual([]);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      clearInterval(sample);
    }
    most = Math.max(most, connectionsOf(pid));
    if (databaseKind() === "postgresql") {
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(POOL_SIZE);
    } else {
      // Prisma's and the stores' writer, no checkpointer's: every store shares the writer.
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(2);
    }
  }, 120_000);
});

import { afterAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { baseUrl, call, expectStandardError, registerUser, serviceToken } from "../support/http";
import { testDb } from "../support/db";
import { createMonitor, monitorRow, ping, runRows, uuid } from "../support/monitors";
import { startPingServer } from "../support/ping-server";
import { forEachPingServer, listenerPid, startNpmStart, stopGroup } from "../support/ping-servers";

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill("SIGKILL")));

forEachPingServer(() => {
  describe("ping credentials", () => {
    it("makes the old ping URL 404 at once after token rotation", async () => {
      const user = await registerUser("rotate");
      const monitor = await createMonitor(user);
      expect((await ping(monitor.ping_token)).status).toBe(200);
      const rotated = await call("POST", `/cron-monitors/${monitor.id}/token`, { token: user.access });
      expect(rotated.status).toBe(200);
      expect((await ping(monitor.ping_token)).status).toBe(404);
      expect((await ping(rotated.body.data.ping_token)).status).toBe(200);
    });

    it("makes the ping URL 404 at once after the monitor is deleted", async () => {
      const user = await registerUser("delete");
      const monitor = await createMonitor(user);
      expect((await call("DELETE", `/cron-monitors/${monitor.id}`, { token: user.access })).status).toBe(204);
      expect((await ping(monitor.ping_token)).status).toBe(404);
    });
  });
});

describe("the standalone ingest process", () => {
  it("answers pings with the same handler and shares the rate cap with the web app through the database", async () => {
    const server = await startPingServer();
    children.push(server.child);
    const user = await registerUser("two-procs");
    const monitor = await createMonitor(user);
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) answers.push((await ping(monitor.ping_token)).status);
    for (let i = 0; i < 2; i++) answers.push((await ping(`${server.url}/${monitor.ping_token}`)).status);
    const head = await fetch(`${server.url}/ping/${monitor.ping_token}`, { method: "HEAD" });
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    expect(head.status).toBe(429);
    expect((await ping(monitor.ping_token)).status).toBe(429);
    expect(await runRows(monitor.id)).toHaveLength(5);
    const unknown = await fetch(`${server.url}/${"z".repeat(43)}`);
    expect(unknown.status).toBe(404);
    const badForm = await fetch(`${server.url}/${monitor.ping_token}/nope`);
    expect(badForm.status).toBe(400);
  });

  it("has stored every ping it answered OK when killed with kill -9 in the middle of a load run", async () => {
    const server = await startPingServer();
    await expectEveryOkStoredAfterKill9(server.url, () => server.child.kill("SIGKILL"));
  });
});

describe("npm start's server", () => {
  it("has stored every ping it answered OK when its server process is killed with kill -9 in the middle of a load run", async () => {
    const server = await startNpmStart();
    try {
      const pid = listenerPid(server.port); // the process holding the port, not start.mjs
      expect(pid).not.toBe(server.child.pid);
      await expectEveryOkStoredAfterKill9(`${server.url}/ping`, () => process.kill(pid, "SIGKILL"));
      // Dead: gone, or a zombie until npm start's process reaps it (bounded wait).
      const deadline = Date.now() + 5_000;
      while (!isDead(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(isDead(pid)).toBe(true);
    } finally {
      stopGroup(server.child);
    }
  });
});

/** Whether process `pid` no longer runs: it is gone, or it is a zombie waiting for its parent. */
function isDead(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.startsWith("Z");
  } catch {
    return true;
  }
}

/** 30 monitors pinged in parallel (POST with a rid, bounded: 5 each); kill after 40 OKs. */
async function expectEveryOkStoredAfterKill9(pingUrl: string, kill: () => void) {
  const user = await registerUser("kill9");
  // 30 monitors: beyond the Free plan's max_cron_monitors (10)
  await testDb().run("UPDATE organizations SET plan = 'team' WHERE slug = ?", [user.orgSlug]);
  const monitors = await Promise.all(Array.from({ length: 30 }, () => createMonitor(user)));
  const answeredOk: string[] = [];
  let killed = false;
  const worker = async (m: (typeof monitors)[number]) => {
    for (let i = 0; i < 5 && !killed; i++) {
      const rid = uuid();
      try {
        const res = await fetch(`${pingUrl}/${m.ping_token}?rid=${rid}`, { method: "POST", body: "load" });
        if (res.status === 200 && (await res.text()) === "OK") answeredOk.push(rid);
      } catch {
        /* connection cut by the kill */
      }
    }
  };
  const load = Promise.all(monitors.map(worker));
  const deadline = Date.now() + 30_000;
  while (answeredOk.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  kill();
  killed = true;
  await load;
  expect(answeredOk.length).toBeGreaterThanOrEqual(40);
  const stored = new Set(
    (
      await testDb().query<{ rid: string }>(
        `SELECT rid FROM cron_runs WHERE monitor_id IN (${monitors.map((m) => m.id).join(",")})`,
      )
    ).map((r) => r.rid),
  );
  expect(answeredOk.filter((rid) => !stored.has(rid))).toEqual([]);
}

describe("reported events: POST /cron-monitors/{id}/events", () => {
  it("runs the same logic as a ping and answers 202 with monitor_id, rid, status and state", async () => {
    const user = await registerUser("events");
    const monitor = await createMonitor(user);
    const token = await serviceToken(user, ["cronmonitor.view", "cronmonitor.edit"]);
    const rid = uuid();
    const start = await call("POST", `/cron-monitors/${monitor.id}/events`, { token, body: { event: "start", rid } });
    expect(start.status).toBe(202);
    expect(start.body).toEqual({ data: { monitor_id: monitor.id, rid, status: "running", state: "new" } });
    const meta = { job_name: "backup", namespace: "prod", reason: "BackoffLimitExceeded" };
    const fail = await call("POST", `/cron-monitors/${monitor.id}/events`, {
      token,
      body: { event: "fail", rid, exit_code: 1, log: "oom", meta },
    });
    expect(fail.body).toEqual({ data: { monitor_id: monitor.id, rid, status: "fail", state: "down" } });
    const run = (await call("GET", `/cron-monitors/${monitor.id}/runs/${rid}`, { token })).body.data;
    expect(run).toMatchObject({ status: "fail", exit_code: 1, source: "kubernetes", meta, log_bytes: 3 });
  });

  it("needs cronmonitor.edit: a view-only token gets 403, another organization's token 404", async () => {
    const user = await registerUser("events");
    const monitor = await createMonitor(user);
    const viewOnly = await serviceToken(user, ["cronmonitor.view"]);
    expectStandardError(
      await call("POST", `/cron-monitors/${monitor.id}/events`, { token: viewOnly, body: { event: "start" } }),
      403,
      "FORBIDDEN",
    );
    const other = await registerUser("other");
    const otherToken = await serviceToken(other, ["cronmonitor.edit"]);
    expectStandardError(
      await call("POST", `/cron-monitors/${monitor.id}/events`, { token: otherToken, body: { event: "start" } }),
      404,
      "NOT_FOUND",
    );
    expect(await runRows(monitor.id)).toHaveLength(0);
  });

  it("validates the body", async () => {
    const user = await registerUser("events");
    const monitor = await createMonitor(user);
    const res = await call("POST", `/cron-monitors/${monitor.id}/events`, {
      token: user.access,
      body: { event: "explode", exit_code: 300 },
    });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(Object.keys(res.body.error.details).sort()).toEqual(["event", "exit_code"]);
  });
});

forEachPingServer(() => {
  describe("runs, run log and incidents", () => {
    it("lists runs newest first with status and time filters and run-list pagination", async () => {
      const user = await registerUser("list");
      const monitor = await createMonitor(user);
      const rids = [uuid(), uuid(), uuid()];
      for (const [i, rid] of rids.entries()) {
        await call("POST", `/cron-monitors/${monitor.id}/events`, {
          token: user.access,
          body: { event: i === 1 ? "fail" : "success", rid },
        });
        await new Promise((r) => setTimeout(r, 1100));
      }
      const all = await call("GET", `/cron-monitors/${monitor.id}/runs`, { token: user.access });
      expect(all.body.meta).toEqual({ total: 3, page: 1, limit: 50, totalPages: 1 });
      expect(all.body.data.map((r: { rid: string }) => r.rid)).toEqual([...rids].reverse());
      expect(all.body.data[0]).not.toHaveProperty("log");
      const failed = await call("GET", `/cron-monitors/${monitor.id}/runs?status=fail`, { token: user.access });
      expect(failed.body.data.map((r: { rid: string }) => r.rid)).toEqual([rids[1]]);
      const from = all.body.data[1].started_at;
      const recent = await call("GET", `/cron-monitors/${monitor.id}/runs?from=${from}`, { token: user.access });
      expect(recent.body.data.map((r: { rid: string }) => r.rid)).toEqual([rids[2], rids[1]]);
      const paged = await call("GET", `/cron-monitors/${monitor.id}/runs?limit=1&page=2`, { token: user.access });
      expect(paged.body).toEqual({
        meta: { total: 3, page: 2, limit: 1, totalPages: 3 },
        data: [expect.objectContaining({ rid: rids[1] })],
      });
      expectStandardError(
        await call("GET", `/cron-monitors/${monitor.id}/runs?limit=201`, { token: user.access }),
        400,
        "VALIDATION_ERROR",
      );
    });

    it("serves the run log as plain text: /log notes first, then the capture, with its headers", async () => {
      const user = await registerUser("log");
      const monitor = await createMonitor(user);
      const rid = uuid();
      await ping(monitor.ping_token, "/start", { rid });
      await ping(monitor.ping_token, "/log", { rid, body: "note one" });
      await ping(monitor.ping_token, "", { rid, body: "captured output" });
      const res = await fetch(`${baseUrl()}/api/v1/cron-monitors/${monitor.id}/runs/${rid}/log`, {
        headers: { authorization: `Bearer ${user.access}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("x-log-bytes")).toBe("15");
      expect(res.headers.get("x-log-truncated")).toBe("false");
      expect(res.headers.get("ping-body-limit")).toBe("102400");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.text()).toBe("note one\ncaptured output");
    });

    it("answers 200 with an empty body and X-Log-Bytes 0 for a run without a log; 404 for another organization", async () => {
      const user = await registerUser("log");
      const monitor = await createMonitor(user);
      const rid = uuid();
      await ping(monitor.ping_token, "", { rid });
      const res = await fetch(`${baseUrl()}/api/v1/cron-monitors/${monitor.id}/runs/${rid}/log`, {
        headers: { authorization: `Bearer ${user.access}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-log-bytes")).toBe("0");
      expect(await res.text()).toBe("");
      const other = await registerUser("other");
      const foreign = await call("GET", `/cron-monitors/${monitor.id}/runs/${rid}/log`, { token: other.access });
      expectStandardError(foreign, 404, "NOT_FOUND");
      expectStandardError(
        await call("GET", `/cron-monitors/${monitor.id}/runs/${rid}`, { token: other.access }),
        404,
        "NOT_FOUND",
      );
      expectStandardError(
        await call("GET", `/cron-monitors/${monitor.id}/runs`, { token: other.access }),
        404,
        "NOT_FOUND",
      );
      expectStandardError(
        await call("GET", `/cron-monitors/${monitor.id}/runs/${uuid()}/log`, { token: user.access }),
        404,
        "NOT_FOUND",
      );
    });

    it("opens a failed incident on a fail ping, resolves it on success, and lists it by cron_monitor", async () => {
      const user = await registerUser("incident");
      const monitor = await createMonitor(user);
      await ping(monitor.ping_token, "/fail");
      await ping(monitor.ping_token, "/1");
      const open = await call("GET", `/incidents?cron_monitor=${monitor.id}`, { token: user.access });
      expect(open.body.data).toEqual([
        {
          id: expect.any(Number),
          service: null,
          cron_monitor: monitor.id,
          kind: "failed",
          status: "open",
          reason: expect.any(String),
          opened_at: expect.any(String),
          resolved_at: null,
          acknowledged_at: null,
          acknowledged_by: null,
          parent_incident_id: null,
        },
      ]);
      expect(open.body.meta).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
      await ping(monitor.ping_token);
      const resolved = await call("GET", `/incidents/${open.body.data[0].id}`, { token: user.access });
      expect(resolved.body.data).toMatchObject({ status: "resolved", resolved_at: expect.any(String) });
      const outbox = await testDb().query<{ event: string }>(
        "SELECT event FROM outbox WHERE cron_monitor_id = ? ORDER BY id",
        [monitor.id],
      );
      expect(outbox.map((o) => o.event)).toEqual(["incident.opened", "incident.resolved"]);
      const other = await registerUser("other");
      expectStandardError(
        await call("GET", `/incidents/${open.body.data[0].id}`, { token: other.access }),
        404,
        "NOT_FOUND",
      );
      expect((await call("GET", `/incidents?cron_monitor=${monitor.id}`, { token: other.access })).body.data).toEqual(
        [],
      );
      expect((await monitorRow(monitor.id)).state).toBe("up");
    });
  });
});

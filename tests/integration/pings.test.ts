import { describe, expect, it } from "vitest";
import { baseUrl, call, registerUser } from "../support/http";
import {
  createMonitor,
  monitorRow,
  ping,
  pingBaseUrl,
  requestWithHost,
  resetRateWindow,
  runRows,
  uuid,
} from "../support/monitors";
import { startPingServer } from "../support/ping-server";
import { forEachPingServer } from "../support/ping-servers";

const SUFFIXES = ["", "/start", "/fail", "/log", "/0", "/3"];

forEachPingServer(() => {
  describe("the ping endpoint: responses of spec 4.2", () => {
    for (const method of ["GET", "POST", "HEAD"]) {
      it(`accepts every form by ${method}: ${method === "HEAD" ? "204 with no body" : "200 OK"} and Ping-Body-Limit`, async () => {
        const user = await registerUser("pinger");
        const monitor = await createMonitor(user);
        for (const suffix of SUFFIXES) {
          await resetRateWindow(monitor.id);
          const res = await ping(monitor.ping_token, suffix, {
            method,
            body: method === "POST" ? "output" : undefined,
          });
          expect(res.status, suffix).toBe(method === "HEAD" ? 204 : 200);
          expect(res.text).toBe(method === "HEAD" ? "" : "OK");
          expect(res.headers.get("ping-body-limit")).toBe("102400");
          expect(res.headers.get("cache-control")).toBe("no-store");
        }
        expect((await monitorRow(monitor.id)).last_ping_at).not.toBeNull();
      });
    }

    it("answers an unknown token with 404 and no body, by every method, without creating anything", async () => {
      const before = (await call("GET", "/health")).status;
      for (const method of ["GET", "POST", "HEAD"]) {
        const res = await ping("x".repeat(43), "", { method });
        expect(res.status).toBe(404);
        expect(res.text).toBe("");
        expect((await ping("short-token", "/start", { method })).status).toBe(404);
      }
      expect(before).toBe(200);
    });

    it("rejects any other path form with 400 naming the accepted forms", async () => {
      const user = await registerUser("pinger");
      const monitor = await createMonitor(user);
      for (const suffix of ["/foo", "/256", "/start/x", "/-1"]) {
        const res = await ping(monitor.ping_token, suffix);
        expect(res.status, suffix).toBe(400);
        // Every form this server takes, the /ping/<token> form included (the ingest takes both).
        expect(res.text).toBe(
          "Accepted ping forms: /ping/<token> (also /api/v1/ping/<token>, or /<token> on the ping host), alone or followed by /start, /fail, /log or /<exit code 0-255>\n",
        );
      }
      expect(await runRows(monitor.id)).toHaveLength(0);
    });

    it("rejects a rid that is not a UUID with 400", async () => {
      const user = await registerUser("pinger");
      const monitor = await createMonitor(user);
      const res = await ping(monitor.ping_token, "/start", { rid: "not-a-uuid" });
      expect(res.status).toBe(400);
      expect(await runRows(monitor.id)).toHaveLength(0);
    });

    it("drops the 6th ping in a minute with 429 and Retry-After, leaving no trace", async () => {
      const user = await registerUser("pinger");
      const monitor = await createMonitor(user);
      for (let i = 0; i < 5; i++) expect((await ping(monitor.ping_token)).status).toBe(200);
      const before = { monitor: await monitorRow(monitor.id), runs: await runRows(monitor.id) };
      const sixth = await ping(monitor.ping_token, "/fail", { body: "should not be stored" });
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      expect(await monitorRow(monitor.id)).toEqual(before.monitor);
      expect(await runRows(monitor.id)).toEqual(before.runs);
    });

    it("is served at /api/v1/ping too, and at the root on PING_HOST", async () => {
      const user = await registerUser("pinger");
      const monitor = await createMonitor(user);
      const api = await ping(`${pingBaseUrl()}/api/v1/ping/${monitor.ping_token}/start`);
      expect(api.status).toBe(200);
      expect(api.text).toBe("OK");
      const root = await requestWithHost(`${pingBaseUrl()}/${monitor.ping_token}`, "ping.lifeline.test");
      expect(root).toEqual({ status: 200, body: "OK" });
      expect((await runRows(monitor.id)).map((r) => r.status)).toEqual(["success"]);
      const notPingHost = await requestWithHost(`${pingBaseUrl()}/${monitor.ping_token}`, "127.0.0.1");
      expect(notPingHost.status).not.toBe(200);
    });

    it("never creates a monitor", async () => {
      const user = await registerUser("pinger");
      const before = (await call("GET", "/cron-monitors", { token: user.access })).body.meta.total;
      await ping("A".repeat(43));
      expect((await call("GET", "/cron-monitors", { token: user.access })).body.meta.total).toBe(before);
    });
  });

  describe("run bookkeeping", () => {
    it("pairs /start and completion by rid: running, then success with exit code, finish time and duration", async () => {
      const user = await registerUser("runs");
      const monitor = await createMonitor(user);
      const rid = uuid();
      await ping(monitor.ping_token, "/start", { rid });
      expect(await runRows(monitor.id)).toMatchObject([{ rid, status: "running", finished_at: null }]);
      await new Promise((r) => setTimeout(r, 50));
      await ping(monitor.ping_token, "/0", { rid });
      const [run] = await runRows(monitor.id);
      expect(run).toMatchObject({ rid, status: "success", exit_code: 0 });
      expect(run!.duration_ms).toBeGreaterThanOrEqual(40);
      expect(run!.finished_at).not.toBeNull();
      const m = await monitorRow(monitor.id);
      expect(m.state).toBe("up");
      expect(m.last_run_status).toBe("success");
      expect(m.next_expected_at).not.toBeNull();
    });

    it("pairs /start and completion without rid through the synthesized rid", async () => {
      const user = await registerUser("runs");
      const monitor = await createMonitor(user);
      await ping(monitor.ping_token, "/start");
      await ping(monitor.ping_token, "/fail");
      const runs = await runRows(monitor.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: "fail", rid_generated: 1 });
      expect(runs[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    });

    it("makes a bare success ping a complete single-document run", async () => {
      const user = await registerUser("runs");
      const monitor = await createMonitor(user);
      await ping(monitor.ping_token);
      expect(await runRows(monitor.id)).toMatchObject([{ status: "success", duration_ms: null }]);
      expect((await monitorRow(monitor.id)).state).toBe("up");
    });

    it("ignores a duplicate completion with the same rid", async () => {
      const user = await registerUser("runs");
      const monitor = await createMonitor(user);
      const rid = uuid();
      await ping(monitor.ping_token, "/start", { rid });
      await ping(monitor.ping_token, "", { rid });
      const before = await runRows(monitor.id);
      const state = await monitorRow(monitor.id);
      expect((await ping(monitor.ping_token, "/fail", { rid })).status).toBe(200);
      expect(await runRows(monitor.id)).toEqual(before);
      expect((await monitorRow(monitor.id)).state).toBe(state.state);
    });

    it("flags a run that starts while another is running as overlapped", async () => {
      const user = await registerUser("runs");
      const monitor = await createMonitor(user);
      const [a, b] = [uuid(), uuid()];
      await ping(monitor.ping_token, "/start", { rid: a });
      await ping(monitor.ping_token, "/start", { rid: b });
      const runs = await runRows(monitor.id);
      expect(runs.map((r) => [r.rid, r.overlapped])).toEqual([
        [a, 0],
        [b, 1],
      ]);
    });

    it("flags a slow run after 5 fast ones as drifted against the median baseline", async () => {
      const user = await registerUser("drift");
      const monitor = await createMonitor(user, { drift_pct: 0.5, drift_min_seconds: 1 });
      for (let i = 0; i < 5; i++) {
        const rid = uuid();
        for (const event of ["start", "success"]) {
          const res = await call("POST", `/cron-monitors/${monitor.id}/events`, {
            token: user.access,
            body: { event, rid, source: "api" },
          });
          expect(res.status).toBe(202);
        }
      }
      const rid = uuid();
      await ping(monitor.ping_token, "/start", { rid });
      await new Promise((r) => setTimeout(r, 1600));
      await ping(monitor.ping_token, "", { rid });
      const slow = (await runRows(monitor.id)).find((r) => r.rid === rid)!;
      expect(slow.baseline_ms).not.toBeNull();
      expect(slow.baseline_ms).toBeLessThan(500);
      expect(slow.drifted).toBe(1);
      expect((await runRows(monitor.id)).filter((r) => r.drifted === 1)).toHaveLength(1);
    });

    it("appends /log notes to the run's events and keeps a note with no run on the monitor", async () => {
      const user = await registerUser("notes");
      const monitor = await createMonitor(user);
      await ping(monitor.ping_token, "/log", { body: "before any run" });
      expect(JSON.parse((await monitorRow(monitor.id)).unattached_events)).toMatchObject([
        { kind: "log", message: "before any run" },
      ]);
      const rid = uuid();
      await ping(monitor.ping_token, "/start", { rid });
      await ping(monitor.ping_token, "/log", { rid, body: "step 1 done" });
      await ping(monitor.ping_token, "/log", { body: "step 2 done" });
      const run = (await call("GET", `/cron-monitors/${monitor.id}/runs/${rid}`, { token: user.access })).body.data;
      expect(run.events.map((e: { message: string }) => e.message)).toEqual(["step 1 done", "step 2 done"]);
      expect(run.status).toBe("running");
    });

    it("stores a 150,000-byte body as 102,400 bytes, truncated, without splitting a character", async () => {
      const user = await registerUser("log");
      const monitor = await createMonitor(user);
      const rid = uuid();
      const body = "x".repeat(102_399) + "€" + "y".repeat(150_000 - 102_402);
      expect(Buffer.byteLength(body)).toBe(150_000);
      expect((await ping(monitor.ping_token, "/fail", { rid, body })).status).toBe(200);
      const run = (await runRows(monitor.id))[0]!;
      expect(run).toMatchObject({ log_bytes: 102_399, truncated: 1 });
      const log = await fetch(`${baseUrl()}/api/v1/cron-monitors/${monitor.id}/runs/${rid}/log`, {
        headers: { authorization: `Bearer ${user.access}` },
      });
      const text = await log.text();
      expect(Buffer.byteLength(text)).toBe(102_399);
      expect(text).toBe("x".repeat(102_399));
      expect(log.headers.get("x-log-truncated")).toBe("true");
    });

    it("works for runitor-style usage: text/plain POSTs with a rid on every request and exit-code suffixes", async () => {
      const user = await registerUser("runitor");
      const monitor = await createMonitor(user);
      const rid = uuid();
      const headers = { "content-type": "text/plain; charset=utf-8", "user-agent": "runitor/1.3.0" };
      expect((await ping(monitor.ping_token, "/start", { rid, body: "", headers })).status).toBe(200);
      expect((await ping(monitor.ping_token, "/2", { rid, body: "line 1\n  indented line 2\n", headers })).status).toBe(
        200,
      );
      const [run] = await runRows(monitor.id);
      expect(run).toMatchObject({ rid, status: "fail", exit_code: 2, log_bytes: 25 });
      const log = await fetch(`${baseUrl()}/api/v1/cron-monitors/${monitor.id}/runs/${rid}/log`, {
        headers: { authorization: `Bearer ${user.access}` },
      });
      expect(await log.text()).toBe("line 1\n  indented line 2\n");
      expect((await monitorRow(monitor.id)).state).toBe("down");
    });

    it("records pings to a paused monitor, and a success ping resumes it", async () => {
      const user = await registerUser("paused");
      const monitor = await createMonitor(user);
      expect(
        (await call("PATCH", `/cron-monitors/${monitor.id}`, { token: user.access, body: { paused: true } })).status,
      ).toBe(200);
      await ping(monitor.ping_token, "/start");
      expect((await monitorRow(monitor.id)).paused).toBe(1);
      await ping(monitor.ping_token);
      expect(await monitorRow(monitor.id)).toMatchObject({ paused: 0, state: "up" });
      expect((await call("GET", `/cron-monitors/${monitor.id}`, { token: user.access })).body.data.state).toBe("up");
    });
  });
});

describe("the standalone ingest (npm run ping-server)", () => {
  it("answers a bad form with 400 naming the forms it takes, /ping/<token>, /api/v1/ping/<token> and /<token> alike", async () => {
    const ingest = await startPingServer();
    try {
      const user = await registerUser("ingest");
      const monitor = await createMonitor(user);
      for (const prefix of ["/ping/", "/api/v1/ping/", "/"]) {
        const bad = await fetch(`${ingest.url}${prefix}${monitor.ping_token}/foo`);
        expect(bad.status).toBe(400);
        const text = await bad.text();
        expect(text).toContain("/ping/<token>");
        expect(text).toContain("/api/v1/ping/<token>");
        expect(text).toContain("/<token>");
        const good = await fetch(`${ingest.url}${prefix}${monitor.ping_token}/start`);
        expect(good.status).toBe(200); // both forms the answer names are taken
        await resetRateWindow(monitor.id);
      }
    } finally {
      ingest.child.kill("SIGTERM");
    }
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { call } from "../support/http";
import { databaseKind } from "../support/db";

// The shared server was started as `npm start` starts it (tests/support/global-setup.ts).
const serverLog = () => fs.readFileSync(path.join(inject("dataDir"), "server.log"), "utf8");
const checkpointerLines = () =>
  serverLog()
    .split("\n")
    .filter((line) => line.includes('"where":"checkpointer"'))
    .map((line) => JSON.parse(line.slice(line.indexOf("{"))) as { level: string; event?: string; error?: string });

describe("background workers of the built app", () => {
  it.runIf(databaseKind() === "sqlite")(
    "runs the WAL checkpointer in the embedded sweeper process on SQLite: its start line, no warning or error",
    async () => {
      expect((await call("GET", "/health")).status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (!checkpointerLines().some((l) => l.event === "started") && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      const lines = checkpointerLines();
      // One start line per looping sweeper on this DATA_DIR (another test may start a second server on it).
      expect(lines.filter((l) => l.event === "started").length).toBeGreaterThanOrEqual(1);
      expect(lines.filter((l) => l.level !== "info")).toEqual([]);
    },
  );

  it("reports each background worker's state on GET /status", async () => {
    const deadline = Date.now() + 15_000;
    let res = await call("GET", "/status");
    while (res.body.data.workers.sweeper.state === "starting" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      res = await call("GET", "/status");
    }
    expect(res.status).toBe(200);
    // The checkpointer exists for SQLite's WAL only, reported from the sweeper's heartbeat; on
    // PostgreSQL it says it is not needed.
    expect(res.body.data.workers.checkpointer).toEqual(
      databaseKind() === "sqlite" ? { state: "running" } : { state: "not_started", error: "not needed on PostgreSQL" },
    );
    expect(res.body.data.workers.sweeper).toMatchObject({
      state: "running",
      last_sweep_at: res.body.data.last_sweep.at,
    });
    // The embedded sweeper's own heartbeat (one-off sweeps of other tests may be listed beside it).
    expect(res.body.data.workers.sweeper.instances).toContainEqual(
      expect.objectContaining({ mode: "loop", id: expect.any(String), pid: expect.any(Number) }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { checkpointerState } from "../../src/server/domain/workers";

// GET /status's workers.checkpointer on SQLite, from the live sweepers' heartbeats (each sweeper
// checkpoints the WAL on its own connection; the web process runs none).
describe("the WAL checkpointer's state from the live sweepers", () => {
  it("is not_started without a live sweeper that checkpoints (PostgreSQL sweepers report none)", () => {
    expect(checkpointerState([])).toEqual({ state: "not_started" });
    expect(checkpointerState([{}])).toEqual({ state: "not_started" });
  });

  it("is running when any live sweeper checkpoints, whatever the others report", () => {
    const failed = { checkpointer: { state: "failed" as const, error: "disk I/O error" } };
    expect(checkpointerState([failed, { checkpointer: { state: "running" } }])).toEqual({ state: "running" });
    expect(checkpointerState([failed, { checkpointer: { state: "starting" } }])).toEqual({
      state: "failed",
      error: "disk I/O error",
    });
    expect(checkpointerState([{ checkpointer: { state: "starting" } }])).toEqual({ state: "starting" });
  });
});

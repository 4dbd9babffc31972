import { z } from "zod";
import { envelope, timestamp } from "../../../shared/schemas/common";
import * as system from "../../services/system";
import { publicProcedure, router } from "../trpc";

const tags = ["System"];

export const systemRouter = router({
  health: publicProcedure
    .meta({
      openapi: { method: "GET", path: "/health", tags, summary: "API health: answers 200 when the database answers" },
    })
    .input(z.void())
    .output(envelope(z.object({ status: z.literal("ok"), database: z.literal("ok") })))
    .query(async () => ({ data: await system.health() })),

  status: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/status",
        tags,
        summary: "System status: version, database, last sweep, background workers",
      },
    })
    .input(z.void())
    .output(
      envelope(
        z.object({
          version: z.string(),
          database: z.enum(["sqlite", "postgresql"]),
          last_sweep: z
            .object({ at: timestamp, duration_ms: z.number().int(), counts: z.record(z.string(), z.number().int()) })
            .nullable(),
          workers: z.object({
            checkpointer: z
              .object({
                state: z.enum(["starting", "running", "failed", "not_started"]),
                error: z.string().optional(),
              })
              .describe(
                "SQLite's WAL checkpoints, run by the sweeper processes and read from their heartbeats: not_started (with error) when no live sweeper runs them, and on PostgreSQL",
              ),
            sweeper: z.object({
              state: z
                .enum(["starting", "running", "late", "not_started"])
                .describe(
                  "From the live sweeper processes' heartbeats: not_started when none is alive, starting until the first sweep, late when sweeps stop landing",
                ),
              last_sweep_at: timestamp.nullable().describe("The last sweep any sweeper recorded"),
              instances: z
                .array(
                  z.object({
                    id: z.string().describe("The sweeper process's own id (random, per process)"),
                    pid: z.number().int(),
                    host: z.string(),
                    mode: z.enum(["loop", "once"]),
                    started_at: timestamp,
                    seen_at: timestamp.describe("Its latest heartbeat"),
                  }),
                )
                .describe("The sweeper processes alive now"),
            }),
            platform_probe: z
              .object({
                state: z.enum(["running", "missing", "not_needed"]),
                last_seen_at: timestamp.nullable(),
                message: z.string().nullable(),
              })
              .describe("missing: enabled services wait on the platform probes and none has been seen for 3 minutes"),
          }),
        }),
      ),
    )
    .query(async () => ({ data: await system.status() })),
});

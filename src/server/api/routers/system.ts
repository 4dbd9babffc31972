import { z } from "zod";
import { envelope, timestamp } from "../../../shared/schemas/common";
import * as system from "../../services/system";
import { publicProcedure, router } from "../trpc";

const tags = ["System"];

export const systemRouter = router({
  health: publicProcedure
    .meta({ openapi: { method: "GET", path: "/health", tags, summary: "API health: answers 200 when the database answers" } })
    .input(z.void())
    .output(envelope(z.object({ status: z.literal("ok"), database: z.literal("ok") })))
    .query(async () => ({ data: await system.health() })),

  status: publicProcedure
    .meta({ openapi: { method: "GET", path: "/status", tags, summary: "System status: version, database, last sweep, background workers" } })
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
            checkpointer: z.object({ state: z.enum(["starting", "running", "failed", "not_started"]), error: z.string().optional() }),
            sweeper: z.object({ state: z.enum(["starting", "running", "late", "not_started"]), last_sweep_at: timestamp.nullable() }),
          }),
        }),
      ),
    )
    .query(async () => ({ data: await system.status() })),
});

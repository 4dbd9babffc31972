import { z } from "zod";
import { AppError } from "../../../shared/errors";
import { envelope } from "../../../shared/schemas/common";
import {
  leasedCheck,
  leasedTest,
  leaseInput,
  resultsInput,
  resultsOutput,
  testReportInput,
} from "../../../shared/schemas/probe-agent";
import { probe } from "../../../shared/schemas/probes";
import { leaseChecks, probeOrg, recordResults, recordTestReport, seenProbe } from "../../services/uptime/probe-agent";
import { probeView } from "../../services/uptime/probes";
import { publicProcedure, router } from "../trpc";

const tags = ["Probe agent"];

/**
 * The probe-facing face: a probe authenticates with `X-Auth: <32-char token>` (spec 6). A deleted
 * probe or a rotated token is refused at once: the lookup is by the stored digest, on every call.
 */
const probeProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const seen = await seenProbe(ctx.headers.get("x-auth"), ctx.headers.get("x-probe-version"), new Date());
  if (!seen) throw new AppError("UNAUTHORIZED", "Missing, revoked or rotated probe token (X-Auth)");
  return next({ ctx: { probe: seen } });
});

export const probeAgentRouter = router({
  self: probeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/probe/self",
        tags,
        summary: "The probe this X-Auth token belongs to (records it as seen)",
      },
    })
    .input(z.object({}))
    .output(envelope(probe))
    .query(async ({ ctx }) => ({ data: probeView({ ...ctx.probe, org: null, ...(await probeOrg(ctx.probe.orgId)) }) })),

  lease: probeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/probe/leases",
        tags,
        summary: "Lease the probe's due checks (each slot goes to one probe)",
      },
    })
    .input(leaseInput)
    .output(
      envelope(z.array(leasedCheck)).extend({
        next_due_at: z
          .string()
          .nullable()
          .describe(
            "With nothing due: when the probe's next check is due (null: none scheduled); the agent sleeps until then",
          ),
        tests: z
          .array(leasedTest)
          .describe(
            "Configurations to test once now (`POST /services/test` on this private probe), of the types the probe runs; report each to /probe/tests/{id}/result",
          ),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { leased, nextDueAt, tests } = await leaseChecks(
        ctx.probe,
        input.max,
        input.lookahead_seconds,
        new Date(),
        input.types,
      );
      return {
        next_due_at: nextDueAt?.toISOString() ?? null,
        tests,
        data: leased.map((l) => ({
          service_id: l.serviceId,
          lane: l.lane,
          slot: l.slot,
          due_at: l.dueAt.toISOString(),
          lease_expires_at: l.leaseExpiresAt.toISOString(),
          check: { type: l.type, ...l.config },
        })),
      };
    }),

  results: probeProcedure
    .meta({ openapi: { method: "POST", path: "/probe/results", tags, summary: "Report a batch of check results" } })
    .input(resultsInput)
    .output(envelope(resultsOutput))
    .mutation(async ({ ctx, input }) => {
      const outcomes = await recordResults(ctx.probe, input.results, new Date());
      const refused = input.results.flatMap((r, i) => {
        const o = outcomes[i]!;
        return o.accepted ? [] : [{ service_id: r.service_id, lane: r.lane, slot: r.slot, reason: o.why }];
      });
      return { data: { accepted: outcomes.length - refused.length, refused } };
    }),

  testResult: probeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/probe/tests/{id}/result",
        tags,
        summary: "Report a leased test's result and every assertion's outcome",
        description:
          "The answer of a test handed out with the leases (`tests`), as `POST /services/test` answers it (without probe_id). A test given up (past its expires_at) or not leased to this probe is 404.",
      },
    })
    .input(testReportInput)
    .output(envelope(z.object({ accepted: z.literal(true) })))
    .mutation(async ({ ctx, input }) => {
      await recordTestReport(ctx.probe, input, new Date());
      return { data: { accepted: true as const } };
    }),
});

import { z } from "zod";
import { envelope, idParam } from "../../../shared/schemas/common";
import { createProbeInput, patchProbeInput, probe, probeHealth, probeWithToken } from "../../../shared/schemas/probes";
import { db } from "../../db";
import * as probes from "../../services/probes";
import { orgProcedure, router, userProcedure } from "../trpc";

const tags = ["Probes"];

const orgIdsOf = async (userId: number) =>
  (await db().membership.findMany({ where: { userId }, select: { orgId: true } })).map((m) => m.orgId);

/** Probes (spec 4.4; decisions 8). Static paths come before `{id}` paths. */
export const probesRouter = router({
  healthSummary: userProcedure
    .meta({ openapi: { method: "GET", path: "/probes/health-summary", tags, summary: "Fleet health: last seen, checks per minute, lag, version", protect: true } })
    .input(z.object({}))
    .output(envelope(z.array(probeHealth)))
    .query(async ({ ctx }) => ({ data: await probes.probeHealthSummary(await orgIdsOf(ctx.user.userId)) })),

  list: userProcedure
    .meta({ openapi: { method: "GET", path: "/probes", tags, summary: "Platform probes and your organizations' private probes", protect: true } })
    .input(z.object({}))
    .output(envelope(z.array(probe)))
    .query(async ({ ctx }) => ({ data: await probes.listProbes(await orgIdsOf(ctx.user.userId)) })),

  create: orgProcedure
    .meta({ openapi: { method: "POST", path: "/probes", tags, summary: "Register a private probe (Team plan and above); the token is shown once", protect: true }, successStatus: 201 })
    .input(createProbeInput)
    .output(envelope(probeWithToken))
    .mutation(async ({ ctx, input }) => ({ data: await probes.createProbe(ctx.org, input) })),

  get: userProcedure
    .meta({ openapi: { method: "GET", path: "/probes/{id}", tags, summary: "Read a probe", protect: true } })
    .input(z.object({ id: idParam }))
    .output(envelope(probe))
    .query(async ({ ctx, input }) => ({ data: probes.probeView(await probes.visibleProbe(await orgIdsOf(ctx.user.userId), input.id)) })),

  update: orgProcedure
    .meta({ openapi: { method: "PATCH", path: "/probes/{id}", tags, summary: "Change a private probe's name or location", protect: true } })
    .input(patchProbeInput)
    .output(envelope(probe))
    .mutation(async ({ ctx, input: { id, ...patch } }) => ({ data: await probes.patchProbe(ctx.org, id, patch) })),

  delete: orgProcedure
    .meta({ openapi: { method: "DELETE", path: "/probes/{id}", tags, summary: "Remove a private probe; its token stops working at once", protect: true }, successStatus: 204 })
    .input(z.object({ id: idParam }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await probes.deleteProbe(ctx.org, input.id);
    }),

  rotateToken: orgProcedure
    .meta({ openapi: { method: "POST", path: "/probes/{id}/token", tags, summary: "Issue a new token; the old one is refused at once", protect: true } })
    .input(z.object({ id: idParam }))
    .output(envelope(probeWithToken))
    .mutation(async ({ ctx, input }) => ({ data: await probes.rotateProbeToken(ctx.org, input.id) })),
});

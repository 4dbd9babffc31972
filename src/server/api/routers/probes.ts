import { z } from "zod";
import { envelope, idParam } from "../../../shared/schemas/common";
import {
  createProbeInput,
  deleteProbeInput,
  patchProbeInput,
  probe,
  probeHealth,
  probeWithToken,
} from "../../../shared/schemas/probes";
import * as probes from "../../services/uptime/probes";
import { optionalAuthProcedure, orgProcedure, router, userProcedure } from "../trpc";

const tags = ["Probes"];

const orgIdsOf = probes.memberOrgIds;

/** Probes (spec 4.4; decisions 8). Static paths come before `{id}` paths. */
export const probesRouter = router({
  healthSummary: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/probes/health-summary",
        tags,
        summary: "Fleet health: last seen, checks per minute, lag, version",
        protect: true,
      },
    })
    .input(z.object({}))
    .output(envelope(z.array(probeHealth)))
    .query(async ({ ctx }) => ({ data: await probes.probeHealthSummary(await orgIdsOf(ctx.user.userId)) })),

  list: optionalAuthProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/probes",
        tags,
        protect: false,
        summary:
          "Probe locations: public for platform probes; with credentials also your organizations' private probes",
        description:
          "No credentials needed: without them the platform probes are listed. With a user's access token, also the private probes of the user's organizations; with a service token, those of its organization. Credentials that are sent must be valid (401 otherwise).",
      },
      optionalAuth: true,
    })
    .input(z.object({}))
    .output(envelope(z.array(probe)))
    .query(async ({ ctx }) => {
      const p = ctx.principal;
      const orgIds = p === null ? [] : p.kind === "service_token" ? [p.orgId] : await orgIdsOf(p.userId);
      return { data: await probes.listProbes(orgIds) };
    }),

  create: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/probes",
        tags,
        summary: "Register a private probe (Team plan and above); the token is shown once",
        protect: true,
      },
      successStatus: 201,
    })
    .input(createProbeInput)
    .output(envelope(probeWithToken))
    .mutation(async ({ ctx, input }) => ({ data: await probes.createProbe(ctx.org, input) })),

  get: userProcedure
    .meta({ openapi: { method: "GET", path: "/probes/{id}", tags, summary: "Read a probe", protect: true } })
    .input(z.object({ id: idParam }))
    .output(envelope(probe))
    .query(async ({ ctx, input }) => ({
      data: probes.probeView(await probes.visibleProbe(await orgIdsOf(ctx.user.userId), input.id)),
    })),

  update: orgProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/probes/{id}",
        tags,
        summary: "Change a private probe's name or location",
        protect: true,
      },
    })
    .input(patchProbeInput)
    .output(envelope(probe))
    .mutation(async ({ ctx, input: { id, ...patch } }) => ({ data: await probes.patchProbe(ctx.org, id, patch) })),

  delete: orgProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/probes/{id}",
        tags,
        summary:
          "Remove a private probe; its token stops working at once (409 while services use it, unless force=true moves them to the platform probes)",
        protect: true,
      },
      successStatus: 204,
      conflict:
        "Services use the probe (details.services names them, `<id>: <name>`); nothing was deleted. Repeat with force=true to move them to the platform probes",
    })
    .input(deleteProbeInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await probes.deleteProbe(ctx.org, input.id, input.force === "true");
    }),

  rotateToken: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/probes/{id}/token",
        tags,
        summary: "Issue a new token; the old one is refused at once",
        protect: true,
      },
    })
    .input(z.object({ id: idParam }))
    .output(envelope(probeWithToken))
    .mutation(async ({ ctx, input }) => ({ data: await probes.rotateProbeToken(ctx.org, input.id) })),
});

import { z } from "zod";
import { AppError } from "../../../shared/errors";
import { envelope } from "../../../shared/schemas/common";
import { probe } from "../../../shared/schemas/probes";
import { db } from "../../db";
import { probeByToken, probeView } from "../../services/probes";
import { publicProcedure, router } from "../trpc";

const tags = ["Probe agent"];

/**
 * The probe-facing face: a probe authenticates with `X-Auth: <32-char token>` (spec 6). A deleted
 * probe or a rotated token is refused at once: the lookup is by the stored digest.
 */
const probeProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const found = await probeByToken(ctx.headers.get("x-auth"));
  if (!found) throw new AppError("UNAUTHORIZED", "Missing, revoked or rotated probe token (X-Auth)");
  const version = ctx.headers.get("x-probe-version")?.slice(0, 40) ?? found.version;
  const seen = await db().probe.update({ where: { id: found.id }, data: { lastSeenAt: new Date(), version } });
  return next({ ctx: { probe: seen } });
});

export const probeAgentRouter = router({
  self: probeProcedure
    .meta({ openapi: { method: "GET", path: "/probe/self", tags, summary: "The probe this X-Auth token belongs to (records it as seen)" } })
    .input(z.object({}))
    .output(envelope(probe))
    .query(async ({ ctx }) => ({ data: probeView({ ...ctx.probe, org: null, ...(await orgSlug(ctx.probe.orgId)) }) })),
});

async function orgSlug(orgId: number | null) {
  if (orgId === null) return {};
  const org = await db().organization.findUnique({ where: { id: orgId }, select: { slug: true } });
  return { org };
}

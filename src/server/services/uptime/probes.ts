import { AppError, notFound } from "../../../shared/errors";
import { planOf } from "../../../shared/plans";
import { isoOrNull, isoSeconds } from "../../../shared/time";
import { hashToken, randomToken } from "../../auth/tokens";
import { db } from "../../db";
import { processCheckStore } from "../../checks/store";
import { writeTransaction } from "../../transactions";
import type { ActiveOrg } from "../accounts/org-access";
import { moveOffProbes } from "./probe-use";

/**
 * Probes (spec 4.4, decisions 8). Platform probes are public; private probes belong to an
 * organization, are registered on the Team plan and above, and are managed by its owners and admins.
 * A probe's token is 32 characters, stored as a SHA-256 digest, shown once when issued.
 */
type ProbeRow = {
  id: number;
  name: string;
  location: string;
  kind: string;
  orgId: number | null;
  version: string | null;
  lastSeenAt: Date | null;
  createdAt: Date;
  org?: { slug: string } | null;
};

/** A probe seen within this long is online. */
const ONLINE_MS = 120_000;
const isOnline = (lastSeenAt: Date | null, now: Date) =>
  !!lastSeenAt && now.getTime() - lastSeenAt.getTime() < ONLINE_MS;

export function probeView(p: ProbeRow, now = new Date()) {
  return {
    id: p.id,
    name: p.name,
    location: p.location,
    kind: p.kind as "platform" | "private",
    org: p.org?.slug ?? null,
    status: isOnline(p.lastSeenAt, now) ? ("online" as const) : ("offline" as const),
    version: p.version,
    last_seen_at: isoOrNull(p.lastSeenAt),
    created_at: isoSeconds(p.createdAt),
  };
}

/** A new probe token: 24 random bytes, 32 base64url characters. */
export function newProbeToken(): string {
  return randomToken(24);
}

const include = { org: { select: { slug: true } } } as const;

/** `GET /probes`: the platform probes for anyone (no credentials needed), and the private probes of `orgIds`. */
/** The organizations a user belongs to (whose private probes the user sees). */
export async function memberOrgIds(userId: number): Promise<number[]> {
  return (await db().membership.findMany({ where: { userId }, select: { orgId: true } })).map((m) => m.orgId);
}

export async function listProbes(orgIds: number[]) {
  const rows = await db().probe.findMany({
    where: { OR: [{ kind: "platform" }, { orgId: { in: orgIds } }] },
    include,
    orderBy: { id: "asc" },
  });
  return rows.map((p) => probeView(p));
}

/** The probe if the caller may see it: platform probes for everyone, private ones for their organizations. 404 otherwise. */
export async function visibleProbe(orgIds: number[], id: number) {
  const p = await db().probe.findUnique({ where: { id }, include });
  if (!p || (p.kind === "private" && !orgIds.includes(p.orgId!))) throw notFound("Probe");
  return p;
}

/** A private probe of the active organization the caller may manage: 404 elsewhere, 403 without the role. */
async function managedProbe(org: ActiveOrg, id: number) {
  const p = await db().probe.findUnique({ where: { id }, include });
  if (!p || p.kind !== "private" || p.orgId !== org.id) throw notFound("Probe");
  requireManager(org);
  return p;
}

function requireManager(org: ActiveOrg) {
  if (org.role !== "owner" && org.role !== "admin")
    throw new AppError("FORBIDDEN", `Managing probes needs the owner or admin role in organization ${org.slug}`);
}

export async function createProbe(org: ActiveOrg, input: { name: string; location?: string }) {
  requireManager(org);
  if (!planOf(org.plan).privateProbes) {
    throw new AppError("PLAN_LIMIT_REACHED", "Private probes need the Team plan or above; upgrade the plan");
  }
  const token = newProbeToken();
  const p = await db().probe.create({
    data: {
      orgId: org.id,
      kind: "private",
      name: input.name,
      location: input.location ?? "",
      tokenHash: hashToken(token),
    },
    include,
  });
  return { ...probeView(p), token };
}

export async function patchProbe(org: ActiveOrg, id: number, patch: { name?: string; location?: string }) {
  await managedProbe(org, id);
  const p = await db().probe.update({ where: { id }, data: { name: patch.name, location: patch.location }, include });
  return probeView(p);
}

/** At most this many services are named in a 409's details (the message gives the total). */
const LISTED_SERVICES = 100;

/**
 * Deletes the probe: its token hash goes with the row, so the token is refused at once. A service
 * is never silently left unchecked: while services use the probe the answer is 409 CONFLICT naming
 * them (`details.services`, `"<id>: <name>"`); with `force` they move off it in the same
 * transaction (probe-use.ts: the platform probes when it was their only one, `pending`, a
 * `status_reason` saying why).
 */
export async function deleteProbe(org: ActiveOrg, id: number, force = false) {
  const p = await managedProbe(org, id);
  const refused = await writeTransaction(async (tx) => {
    const users = await tx.serviceProbe.findMany({
      where: { probeId: id },
      select: { service: { select: { id: true, name: true } } },
      orderBy: { serviceId: "asc" },
    });
    if (users.length > 0 && !force) return users.map((u) => u.service);
    await moveOffProbes(
      tx,
      users.map((u) => u.service.id),
      [id],
      `Probe ${p.name} (#${id}) was deleted`,
      new Date(),
    );
    await tx.probe.delete({ where: { id } });
    return null;
  });
  if (refused) {
    const message = `Probe ${p.name} checks ${refused.length} service${refused.length === 1 ? "" : "s"}; delete with force=true to move ${refused.length === 1 ? "it" : "them"} to the platform probes, or take the probe out of their probe_ids first`;
    throw new AppError("CONFLICT", message, {
      services: refused.slice(0, LISTED_SERVICES).map((s) => `${s.id}: ${s.name}`),
    });
  }
}

/** A new token; the old digest is replaced in the same statement, so the old token is refused at once. */
export async function rotateProbeToken(org: ActiveOrg, id: number) {
  await managedProbe(org, id);
  const token = newProbeToken();
  const p = await db().probe.update({ where: { id }, data: { tokenHash: hashToken(token) }, include });
  return { ...probeView(p), token };
}

/** The probe a token belongs to, looked up by digest (no byte-by-byte comparison of the secret). */
export async function probeByToken(token: string | null) {
  if (!token || token.length !== 32) return null;
  return db().probe.findUnique({ where: { tokenHash: hashToken(token) } });
}

export async function probeHealthSummary(orgIds: number[], now = new Date()) {
  const probes = await db().probe.findMany({
    where: { OR: [{ kind: "platform" }, { orgId: { in: orgIds } }] },
    orderBy: { id: "asc" },
  });
  const since = new Date(now.getTime() - 5 * 60_000);
  const counts = await db().checkResult.groupBy({
    by: ["probeId"],
    where: { startedAt: { gte: since }, probeId: { in: probes.map((p) => p.id) } },
    _count: { _all: true },
  });
  const perProbe = new Map(counts.map((c) => [c.probeId, c._count._all]));
  const lanes = [...new Set(probes.map(laneOf))];
  const oldest = new Map(
    await Promise.all(lanes.map(async (lane) => [lane, await processCheckStore().oldestDue(lane, now)] as const)),
  );
  const lagOf = (lane: number) => {
    const due = oldest.get(lane);
    return due ? Math.max(0, Math.round((now.getTime() - due.getTime()) / 100) / 10) : 0;
  };
  return probes.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind as "platform" | "private",
    version: p.version,
    last_seen_at: isoOrNull(p.lastSeenAt),
    online: isOnline(p.lastSeenAt, now),
    checks_per_minute: Math.round(((perProbe.get(p.id) ?? 0) / 5) * 10) / 10,
    lag_seconds: lagOf(laneOf(p)),
  }));
}

/** The lane a probe checks: the platform probes share lane 0; a private probe has its own. */
export function laneOf(p: { id: number; kind: string }): number {
  return p.kind === "platform" ? 0 : p.id;
}

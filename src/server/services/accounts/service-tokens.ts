import { notFound } from "../../../shared/errors";
import {
  formatTokenCapabilities,
  parseTokenCapabilities,
  type TokenCapability as Capability,
} from "../../../shared/capabilities";
import { isoSeconds } from "../../../shared/time";
import { hashToken, randomToken, SERVICE_TOKEN_PREFIX } from "../../auth/tokens";
import { db } from "../../db";
import type { ActiveOrg } from "./org-access";

export type ServiceTokenView = { id: number; name: string; capabilities: Capability[]; created_at: string };

const view = (t: { id: number; name: string; capabilities: string; createdAt: Date }): ServiceTokenView => ({
  id: t.id,
  name: t.name,
  capabilities: parseTokenCapabilities(t.capabilities),
  created_at: isoSeconds(t.createdAt),
});

/** The token is returned only here, once; only its SHA-256 digest is stored. */
export async function createServiceToken(
  org: ActiveOrg,
  input: { name: string; capabilities: Capability[] },
): Promise<ServiceTokenView & { token: string }> {
  const token = SERVICE_TOKEN_PREFIX + randomToken(32);
  const row = await db().serviceToken.create({
    data: {
      orgId: org.id,
      name: input.name.trim(),
      tokenHash: hashToken(token),
      capabilities: formatTokenCapabilities(input.capabilities),
    },
  });
  return { ...view(row), token };
}

export async function listServiceTokens(org: ActiveOrg): Promise<ServiceTokenView[]> {
  const rows = await db().serviceToken.findMany({ where: { orgId: org.id, revokedAt: null }, orderBy: { id: "asc" } });
  return rows.map(view);
}

export async function revokeServiceToken(org: ActiveOrg, id: number, now = new Date()): Promise<void> {
  const revoked = await db().serviceToken.updateMany({
    where: { id, orgId: org.id, revokedAt: null },
    data: { revokedAt: now },
  });
  if (revoked.count === 0) throw notFound("Service token");
}

import crypto from "node:crypto";
import { hashToken } from "../../auth/tokens";
import { db } from "../../db";
import { newProbeToken } from "./probes";

/** The platform probe `npm start` runs beside the web app. */
export const EMBEDDED_PROBE_NAME = "embedded";

/**
 * The embedded platform probe's token, derived from APP_SECRET (so a restart needs no stored secret
 * in clear, and a new APP_SECRET retires the old token).
 */
export function embeddedProbeToken(appSecret: string): string {
  return crypto
    .createHmac("sha256", appSecret)
    .update("lifeline embedded platform probe")
    .digest("base64url")
    .slice(0, 32);
}

/** Registers (or re-keys) the embedded platform probe; answers its token. */
export async function ensureEmbeddedProbe(appSecret: string, location = "local"): Promise<string> {
  const token = embeddedProbeToken(appSecret);
  const tokenHash = hashToken(token);
  const existing = await db().probe.findFirst({ where: { kind: "platform", name: EMBEDDED_PROBE_NAME, orgId: null } });
  if (!existing)
    await db().probe.create({ data: { kind: "platform", name: EMBEDDED_PROBE_NAME, location, tokenHash } });
  else if (existing.tokenHash !== tokenHash)
    await db().probe.update({ where: { id: existing.id }, data: { tokenHash } });
  return token;
}

/** A further platform probe (`npm run admin -- probe:platform <name>`), for probes run on other machines. Answers its token. */
export async function addPlatformProbe(name: string, location = ""): Promise<{ id: number; token: string }> {
  const token = newProbeToken();
  const p = await db().probe.create({ data: { kind: "platform", name, location, tokenHash: hashToken(token) } });
  return { id: p.id, token };
}

import { z } from "zod";
import { idParam, timestamp } from "./common";
import { text } from "./text";

/** A probe as the API shows it (never its token, only when issued). */
export const probe = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  kind: z.enum(["platform", "private"]).describe("platform probes check every service that names no probe"),
  org: z.string().nullable().describe("slug of the owning organization; null for platform probes"),
  status: z.enum(["online", "offline"]).describe("online: the probe called the API in the last 2 minutes"),
  version: z.string().nullable(),
  last_seen_at: timestamp.nullable(),
  created_at: timestamp,
});

export const probeWithToken = probe.extend({
  token: z.string().describe("the 32-character X-Auth token; shown only now"),
});

const name = text().trim().min(1, "name is required").max(100, "name is at most 100 characters");
const location = text().trim().max(100, "location is at most 100 characters");

export const createProbeInput = z.object({ name, location: location.optional() });
export const patchProbeInput = z.object({ id: idParam, name: name.optional(), location: location.optional() });

export const probeHealth = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(["platform", "private"]),
  version: z.string().nullable(),
  last_seen_at: timestamp.nullable(),
  online: z.boolean().describe("seen in the last 2 minutes"),
  checks_per_minute: z.number().describe("results reported in the last 5 minutes, per minute"),
  lag_seconds: z.number().describe("how late its oldest due, unleased check is (0 when none)"),
});

/** `DELETE /probes/{id}`: `force=true` moves the services that use the probe to the platform probes (else 409). */
export const deleteProbeInput = z.object({
  id: idParam,
  force: z
    .enum(["true", "false"])
    .optional()
    .describe(
      "true: move the services that use the probe to the platform probes (status pending) and delete it; without it, a probe in use answers 409 naming them",
    ),
});

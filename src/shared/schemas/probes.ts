import { z } from "zod";
import { idParam, timestamp } from "./common";

/** A probe as the API shows it (never its token, only when issued). */
export const probe = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  kind: z.enum(["platform", "private"]).describe("platform probes check every service that names no probe"),
  org: z.string().nullable().describe("slug of the owning organization; null for platform probes"),
  version: z.string().nullable(),
  last_seen_at: timestamp.nullable(),
  created_at: timestamp,
});

export const probeWithToken = probe.extend({
  token: z.string().describe("the 32-character X-Auth token; shown only now"),
});

const name = z.string().trim().min(1, "name is required").max(100, "name is at most 100 characters");
const location = z.string().trim().max(100, "location is at most 100 characters");

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

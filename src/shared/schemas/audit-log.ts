import { z } from "zod";
import { id, pageMeta, paginationInput, timestamp } from "./common";
import { storable, text } from "./text";

const instant = z.iso.datetime({ offset: true }).check(storable);

export const auditLogQuery = z.object({
  actor_type: z.enum(["user", "service_token"]).optional(),
  actor_id: id().optional().describe("A user's or a service token's id (with actor_type)"),
  action: text().max(100).optional().describe("e.g. cronMonitors.update, orgs.addMember, sign_in, sign_in_failed"),
  object_type: text().max(100).optional().describe("e.g. cron-monitors, members, service-tokens, sso, session"),
  object_id: text().max(100).optional(),
  from: instant.optional().describe("ISO 8601 instant: entries at or after"),
  to: instant.optional().describe("ISO 8601 instant: entries at or before"),
  ...paginationInput,
});

export const auditEntry = z.object({
  id: z.number().int(),
  at: timestamp,
  actor: z.object({
    type: z.enum(["user", "service_token"]),
    id: z.number().int().nullable(),
    label: z.string().describe("The user's email or the token's name, as it was then"),
  }),
  address: z.string().nullable().describe("The client address the change came from"),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).describe('The changed fields; a secret is "[changed]", never its value'),
});

export const auditLogPage = z.object({ data: z.array(auditEntry), meta: pageMeta });

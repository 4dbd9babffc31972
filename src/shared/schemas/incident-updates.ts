import { z } from "zod";
import { text } from "./text";
import { timestamp, id } from "./common";
import { INCIDENT_UPDATE_STATUSES } from "../vocabulary";

/** A member's words on an incident, shown on status pages and in their feeds. */
export { INCIDENT_UPDATE_STATUSES };

export const createIncidentUpdateInput = z
  .object({
    id: id(),
    status: z.enum(INCIDENT_UPDATE_STATUSES),
    message: text().trim().min(1).max(5000),
  })
  .strict();

export const incidentUpdate = z.object({
  id: z.number().int(),
  incident_id: z.number().int(),
  status: z.enum(INCIDENT_UPDATE_STATUSES),
  message: z.string(),
  created_at: timestamp,
});
export type IncidentUpdateView = z.infer<typeof incidentUpdate>;

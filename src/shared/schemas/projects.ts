import { z } from "zod";
import { id, idParam, timestamp } from "./common";
import { storable, text } from "./text";
import { DEFAULT_PROJECT_COLOR } from "../vocabulary";

/** Projects (spec 2.4, 4.3): owned by a user, grouping services and cron monitors. */
export { DEFAULT_PROJECT_COLOR };

const int32 = z.number().int().min(-2147483648).max(2147483647);

/** The writable fields and their rules, written once for create, full replace and patch. */
export const projectFields = {
  name: z
    .string({ error: (issue) => (issue.input === undefined ? "A name is required" : "The name must be a string") })
    .check(storable)
    .trim()
    .min(1, "Enter a name that is not empty or only spaces")
    .max(128, "Use at most 128 characters")
    .describe("1 to 128 characters, unique per user (case-insensitively)"),
  description: text().max(500, "Use at most 500 characters"),
  color: text()
    .regex(/^#[0-9A-Fa-f]{6}$/, "Use the form #RRGGBB (6 hex digits)")
    .toUpperCase()
    .describe("#RRGGBB, normalized to uppercase"),
  icon: text().max(64, "Use at most 64 characters").describe("Icon identifier, no format check"),
  order: int32.describe("Lower values first"),
};

export const createProjectInput = z.object({
  name: projectFields.name,
  description: projectFields.description.optional(),
  color: projectFields.color.optional(),
  icon: projectFields.icon.optional(),
  order: projectFields.order.optional(),
});

/** PUT: full replace, every field required. */
export const replaceProjectInput = z.object({ id: idParam, ...projectFields });

export const patchProjectInput = z.object({
  id: idParam,
  name: projectFields.name.optional(),
  description: projectFields.description.optional(),
  color: projectFields.color.optional(),
  icon: projectFields.icon.optional(),
  order: projectFields.order.optional(),
});

export type ProjectChanges = Partial<Record<"name" | "description" | "color" | "icon", string> & { order: number }>;

export const reorderProjectsInput = z.object({
  projects: z.array(z.object({ id: id(), order: int32 })).max(1000),
});

const serviceIds = () =>
  z
    .array(id(), {
      error: (issue) =>
        issue.input === undefined ? "List at least one service id" : "service_ids must be a list of service ids",
    })
    .min(1, "List at least one service id")
    .max(1000, "At most 1000 service ids at once");

/** POST assign: a JSON body. */
export const assignServicesInput = z.object({
  id: idParam,
  service_ids: serviceIds(),
});

/**
 * DELETE unassign: the REST wrapper moves the JSON body into the query string, where every id is a
 * string and a one-element list is a single value; the adapter wraps single values of an array
 * field and coerces its numeric elements. Each `serviceIds()` call is a separate schema instance:
 * the adapter mutates the one it coerces.
 */
export const unassignServicesInput = z.object({
  id: idParam,
  service_ids: serviceIds(),
});

export const project = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  icon: z.string(),
  order: z.number().int(),
  service_count: z.number().int().describe("Number of services assigned"),
  date_created: timestamp,
  date_modified: timestamp,
});

/** The project summary embedded in a service. */
export const projectSummary = z.object({ id: z.number().int(), name: z.string(), color: z.string(), icon: z.string() });

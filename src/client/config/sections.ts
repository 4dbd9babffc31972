import type { z } from "zod";
import { createBadgeInput } from "../../shared/schemas/badges";
import { createCronMonitorInput } from "../../shared/schemas/cron-monitors";
import { createIntegrationInput } from "../../shared/schemas/integrations";
import { createMaintenanceInput } from "../../shared/schemas/maintenance";
import { createProjectInput } from "../../shared/schemas/projects";
import { createServiceInput } from "../../shared/schemas/services";
import { createStatusPageInput } from "../../shared/schemas/status-pages";

/**
 * The sections of a Lifeline document (docs/config-as-code.md), in dependency order: an object may
 * name objects of the sections before it (and cron monitors and services each other, through
 * `depends_on`, set once both exist). Each section's fields are the API's create fields (its zod
 * schema), so a field added to a create schema is exported, planned and applied with no change here.
 */
export const SECTIONS = [
  "projects",
  "integrations",
  "cron_monitors",
  "services",
  "status_pages",
  "badges",
  "maintenance_windows",
] as const;
export type Section = (typeof SECTIONS)[number];

/** Who may read and write a section: the organization (a service token or a user) or a user only. */
export type Owner = "org" | "user";

export type SectionSpec = {
  section: Section;
  /** The REST collection. */
  path: string;
  owner: Owner;
  /** The create input: its keys are the writable fields. */
  create: z.ZodObject;
  /** The document field that names an object (unique in its section); badges: their target and label. */
  key: string | ((doc: Record<string, unknown>) => string);
  /** Fields sent on create only (never compared or changed afterwards). */
  createOnly: readonly string[];
  /** Write-only fields: exported as a reference when set, sent on create, never compared. */
  writeOnly: readonly string[];
  /** Fields set after every object exists (they name objects of their own section). */
  deferred: readonly string[];
  /** No update: a changed object is deleted and created again. */
  replaceOnly?: true;
  /** One object of the section, for messages. */
  noun: string;
};

export const SPECS: Record<Section, SectionSpec> = {
  projects: spec("projects", "/projects", "user", createProjectInput, "name", "project"),
  integrations: spec("integrations", "/integrations", "org", createIntegrationInput, "name", "integration", {
    createOnly: ["kind"],
  }),
  cron_monitors: spec("cron_monitors", "/cron-monitors", "org", createCronMonitorInput, "name", "cron monitor", {
    createOnly: ["source", "external_id"],
    deferred: ["depends_on"],
  }),
  services: spec("services", "/services", "user", createServiceInput, "name", "service", { deferred: ["depends_on"] }),
  status_pages: spec("status_pages", "/status-pages", "org", createStatusPageInput, "slug", "status page", {
    writeOnly: ["password"],
  }),
  badges: spec("badges", "/badges", "org", createBadgeInput, badgeKey, "badge", { replaceOnly: true }),
  maintenance_windows: spec(
    "maintenance_windows",
    "/maintenance-windows",
    "org",
    createMaintenanceInput,
    "title",
    "maintenance window",
  ),
};

function spec(
  section: Section,
  path: string,
  owner: Owner,
  create: z.ZodObject,
  key: SectionSpec["key"],
  noun: string,
  more: Partial<Pick<SectionSpec, "createOnly" | "writeOnly" | "deferred" | "replaceOnly">> = {},
): SectionSpec {
  return { section, path, owner, create, key, noun, createOnly: [], writeOnly: [], deferred: [], ...more };
}

/** A badge is named by what it shows and its label: `cron_monitor nightly (Nightly)`. */
function badgeKey(doc: Record<string, unknown>): string {
  const target = ["cron_monitor", "service", "project"].find((t) => doc[t] !== undefined) ?? "target";
  return `${target} ${String(doc[target] ?? "?")}${doc.label !== undefined ? ` (${String(doc.label)})` : ""}`;
}

/** The key of a document object of a section (undefined when it has none). */
export function keyOf(s: SectionSpec, doc: Record<string, unknown>): string | undefined {
  if (typeof s.key === "function") return s.key(doc);
  const v = doc[s.key];
  return typeof v === "string" ? v : undefined;
}

/** The API's writable fields of a section, in the create schema's order. */
export function apiFields(s: SectionSpec): string[] {
  return Object.keys(s.create.shape);
}

/**
 * References between objects: an API field holding ids and the document field holding names. The
 * rule is one for every section and nesting (`depends_on`, `targets`, a status page's components).
 */
export const REFERENCES: Record<string, { doc: string; section: Section | "probes"; many: boolean }> = {
  project_id: { doc: "project", section: "projects", many: false },
  project_ids: { doc: "projects", section: "projects", many: true },
  integration_ids: { doc: "integrations", section: "integrations", many: true },
  cron_monitor_id: { doc: "cron_monitor", section: "cron_monitors", many: false },
  cron_monitor_ids: { doc: "cron_monitors", section: "cron_monitors", many: true },
  service_id: { doc: "service", section: "services", many: false },
  service_ids: { doc: "services", section: "services", many: true },
  probe_ids: { doc: "probes", section: "probes", many: true },
};
export const DOC_REFERENCES = Object.fromEntries(Object.entries(REFERENCES).map(([api, r]) => [r.doc, { ...r, api }]));

/** The document fields of a section: its API fields with references named as the document names them. */
export function docFields(s: SectionSpec): string[] {
  const fields = apiFields(s).map((f) => REFERENCES[f]?.doc ?? f);
  return fields;
}

import { validationError } from "../../../shared/errors";
import type { Db } from "../../db";

/**
 * Who manages monitors, in the narrow terms the services need: the active organization, its plan,
 * and which projects the caller may put a monitor in.
 *
 * Projects belong to users (spec 2.4), monitors to organizations. A user may use their own
 * projects; a service token (no user behind it) may use a project of any member of its organization.
 */
export type ProjectScope = { kind: "user"; userId: number } | { kind: "org"; orgId: number };

/** `mayEdit`: the caller holds `cronmonitor.edit` (an upsert that updates an existing monitor needs it). */
export type MonitorCaller = { orgId: number; plan: string; projects: ProjectScope; mayEdit: boolean };

/** Whose services the caller may name (as parents): a user's own, a token's organization members'. */
export const dependencyScope = (caller: MonitorCaller) => ({
  orgId: caller.orgId,
  userId: caller.projects.kind === "user" ? caller.projects.userId : null,
});

/** 400 VALIDATION_ERROR keyed `project_id` unless the caller may use the project. */
export async function assertUsableProject(client: Db, scope: ProjectScope, projectId: number): Promise<void> {
  const where =
    scope.kind === "user"
      ? { id: projectId, userId: scope.userId }
      : { id: projectId, user: { memberships: { some: { orgId: scope.orgId } } } };
  const project = await client.project.findFirst({ where, select: { id: true } });
  if (!project) throw validationError("project_id", `Project ${projectId} does not exist or is not yours`);
}

/** 400 VALIDATION_ERROR keyed `integration_ids` unless every id names an integration of the organization. */
export async function assertOrgIntegrations(client: Db, orgId: number, ids: number[] | undefined): Promise<void> {
  if (!ids || ids.length === 0) return;
  const wanted = [...new Set(ids)];
  const found = await client.integration.findMany({ where: { orgId, id: { in: wanted } }, select: { id: true } });
  const missing = wanted.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0)
    throw validationError("integration_ids", `No integration ${missing.join(", ")} in this organization`);
}

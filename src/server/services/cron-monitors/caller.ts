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

export type MonitorCaller = { orgId: number; plan: string; projects: ProjectScope };

/** 400 VALIDATION_ERROR keyed `project_id` unless the caller may use the project. */
export async function assertUsableProject(client: Db, scope: ProjectScope, projectId: number): Promise<void> {
  const where =
    scope.kind === "user"
      ? { id: projectId, userId: scope.userId }
      : { id: projectId, user: { memberships: { some: { orgId: scope.orgId } } } };
  const project = await client.project.findFirst({ where, select: { id: true } });
  if (!project) throw validationError("project_id", `Project ${projectId} does not exist or is not yours`);
}

import { isUniqueViolation, writeTransaction } from "../../transactions";
import { notFound, validationError } from "../../../shared/errors";
import { DEFAULT_PROJECT_COLOR, type ProjectChanges } from "../../../shared/schemas/projects";
import { isoSeconds } from "../../../shared/time";
import { db } from "../../db";
import { keepMonitorFeatureUse } from "../monitors/feature-use";

/** Projects (spec 2.4, 4.3): owned by one user; another user's project reads as not found. */
export type ProjectView = {
  id: number;
  name: string;
  description: string;
  color: string;
  icon: string;
  order: number;
  service_count: number;
  date_created: string;
  date_modified: string;
};

/** Every project read counts its services in the same query (a correlated count). */
const withCount = { _count: { select: { services: true } } } as const;

type ProjectRow = {
  id: number;
  name: string;
  description: string;
  color: string;
  icon: string;
  order: number;
  createdAt: Date;
  updatedAt: Date;
  _count: { services: number };
};

function projectView(p: ProjectRow): ProjectView {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    color: p.color,
    icon: p.icon,
    order: p.order,
    service_count: p._count.services,
    date_created: isoSeconds(p.createdAt),
    date_modified: isoSeconds(p.updatedAt),
  };
}

/** The name as stored and its uniqueness key: names are unique per user case-insensitively. */
function naming(name: string) {
  const trimmed = name.trim();
  return { name: trimmed, nameKey: trimmed.toLowerCase() };
}

const duplicateName = (name: string) =>
  validationError("name", `You already have a project named "${name}" (names are compared case-insensitively)`);

/** Ordered by `order`, then name (case-insensitively), then id. No pagination (spec 4.3). */
export async function listProjects(userId: number): Promise<ProjectView[]> {
  // A raw statement (the list and its counts in one read): the monitors list and a monitor page ask for it first.
  const rows = await db().$queryRaw<
    (Omit<ProjectRow, "id" | "order" | "createdAt" | "updatedAt" | "_count"> & {
      id: number | bigint;
      order: number | bigint;
      created_at: Date | string;
      updated_at: Date | string;
      service_count: number | bigint;
    })[]
  >`SELECT p.id, p.name, p.description, p.color, p.icon, p."order", p.created_at, p.updated_at,
      (SELECT COUNT(*) FROM services s WHERE s.project_id = p.id) AS service_count
    FROM projects p WHERE p.user_id = ${userId} ORDER BY p."order", p.name_key, p.id`;
  return rows.map((r) =>
    projectView({
      ...r,
      id: Number(r.id),
      order: Number(r.order),
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
      _count: { services: Number(r.service_count) },
    }),
  );
}

export async function getProject(userId: number, id: number): Promise<ProjectView> {
  const row = await db().project.findFirst({ where: { id, userId }, include: withCount });
  if (!row) throw notFound("Project");
  return projectView(row);
}

export async function createProject(
  userId: number,
  input: { name: string; description?: string; color?: string; icon?: string; order?: number },
): Promise<ProjectView> {
  try {
    const row = await db().project.create({
      data: {
        userId,
        ...naming(input.name),
        description: input.description ?? "",
        color: (input.color ?? DEFAULT_PROJECT_COLOR).toUpperCase(),
        icon: input.icon ?? "",
        order: input.order ?? 0,
      },
      include: withCount,
    });
    return projectView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(input.name.trim());
    throw err;
  }
}

/** PUT (every field given) and PATCH (any subset) both land here. */
export async function updateProject(userId: number, id: number, changes: ProjectChanges): Promise<ProjectView> {
  const { name, color, ...rest } = changes;
  const data = {
    ...rest,
    ...(name !== undefined ? naming(name) : {}),
    ...(color !== undefined ? { color: color.toUpperCase() } : {}),
  };
  if (Object.keys(data).length > 0) {
    try {
      const { count } = await db().project.updateMany({ where: { id, userId }, data });
      if (count === 0) throw notFound("Project");
    } catch (err) {
      if (isUniqueViolation(err) && name !== undefined) throw duplicateName(name.trim());
      throw err;
    }
  }
  return getProject(userId, id);
}

/** Deleting a project unassigns its services and cron monitors; neither is deleted. */
export async function deleteProject(userId: number, id: number): Promise<void> {
  await writeTransaction(async (tx) => {
    const owned = await tx.project.findFirst({ where: { id, userId }, select: { id: true } });
    if (!owned) throw notFound("Project");
    await tx.service.updateMany({ where: { projectId: id }, data: { projectId: null } });
    const monitors = await tx.cronMonitor.findMany({ where: { projectId: id }, select: { id: true } });
    await tx.cronMonitor.updateMany({ where: { projectId: id }, data: { projectId: null } });
    await tx.project.delete({ where: { id } });
    // The windows naming the project named its monitors: they may be plain now.
    await keepMonitorFeatureUse(tx, { ids: monitors.map((m) => m.id) });
  });
}

/** Sets `order` on the caller's listed projects; unknown and foreign ids are silently ignored. */
export async function reorderProjects(
  userId: number,
  entries: { id: number; order: number }[],
): Promise<{ message: string }> {
  const wanted = new Map(entries.map((e) => [e.id, e.order])); // a repeated id: the last entry wins
  // One write transaction (its audit entry the last statement, storage/audit-pending.ts).
  const updated = await writeTransaction(async (tx) => {
    let count = 0;
    for (const [id, order] of wanted)
      count += (await tx.project.updateMany({ where: { id, userId }, data: { order } })).count;
    return count;
  });
  return { message: `Reordered ${updated} ${updated === 1 ? "project" : "projects"}` };
}

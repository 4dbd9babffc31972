import { writeTransaction } from "../../transactions";
import { AppError, notFound } from "../../../shared/errors";
import type { Prisma } from "../../../generated/prisma/client";
import { db } from "../../db";
import { serviceSelect, serviceView, type ServiceView } from "../uptime/service-view";

/** The services of a project: listing, assignment and unassignment (spec 4.3). */
type Tx = Prisma.TransactionClient;

async function ownedProject(tx: Tx, userId: number, projectId: number) {
  const project = await tx.project.findFirst({ where: { id: projectId, userId }, select: { id: true, name: true } });
  if (!project) throw notFound("Project");
  return project;
}

const services = (n: number) => `${n} ${n === 1 ? "service" : "services"}`;

export async function listProjectServices(userId: number, projectId: number): Promise<ServiceView[]> {
  await ownedProject(db(), userId, projectId);
  const rows = await db().service.findMany({
    where: { userId, projectId },
    select: serviceSelect,
    orderBy: { id: "asc" },
  });
  return rows.map(serviceView);
}

/**
 * Assigns the caller's services to the project, all or nothing: when any id is missing or owned by
 * someone else, nothing is assigned (400). Services already in another project of the caller move.
 */
export async function assignServices(
  userId: number,
  projectId: number,
  serviceIds: number[],
): Promise<{ message: string }> {
  const ids = [...new Set(serviceIds)];
  return writeTransaction(async (tx) => {
    const project = await ownedProject(tx, userId, projectId);
    const owned = await tx.service.findMany({ where: { id: { in: ids }, userId }, select: { id: true } });
    if (owned.length !== ids.length) {
      const found = new Set(owned.map((s) => s.id));
      const missing = ids.filter((id) => !found.has(id));
      throw new AppError("VALIDATION_ERROR", `Services not found: ${missing.join(", ")}. No service was assigned.`);
    }
    const { count } = await tx.service.updateMany({ where: { id: { in: ids }, userId }, data: { projectId } });
    return { message: `Assigned ${services(count)} to project "${project.name}"` };
  });
}

/** Unassigns those listed services that are the caller's and in this project; others are ignored. */
export async function unassignServices(
  userId: number,
  projectId: number,
  serviceIds: number[],
): Promise<{ message: string }> {
  const ids = [...new Set(serviceIds)];
  return writeTransaction(async (tx) => {
    const project = await ownedProject(tx, userId, projectId);
    const { count } = await tx.service.updateMany({
      where: { id: { in: ids }, userId, projectId },
      data: { projectId: null },
    });
    return { message: `Unassigned ${services(count)} from project "${project.name}"` };
  });
}

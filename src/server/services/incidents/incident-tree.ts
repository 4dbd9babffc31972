import { notFound } from "../../../shared/errors";
import { db } from "../../db";
import { MAX_LEVELS } from "../../domain/dependencies";
import { incidentView, visibleTo } from "./incidents";

type Scope = { orgId: number; userId: number | null };

const withSubject = { cronMonitor: { select: { name: true } }, service: { select: { name: true } } } as const;

type Row = NonNullable<Awaited<ReturnType<typeof readOne>>>;

function readOne(scope: Scope, id: number) {
  return db().incident.findFirst({
    where: { AND: [{ id }, visibleTo(scope.orgId, scope.userId)] },
    include: withSubject,
  });
}

function nodeOf(row: Row) {
  return {
    ...incidentView(row),
    subject:
      row.cronMonitorId !== null
        ? { type: "cron_monitor" as const, id: row.cronMonitorId, name: row.cronMonitor?.name ?? "" }
        : { type: "service" as const, id: row.serviceId!, name: row.service?.name ?? "" },
  };
}

/**
 * The incident page's tree (docs/api-maintenance.md, "Dependencies"): the incident, the parent
 * incident it opened under, and the incidents opened under it down to the deepest level `depends_on`
 * allows, one read per level. Only incidents the caller may see are shown.
 */
export async function incidentTree(scope: Scope, id: number) {
  const row = await readOne(scope, id);
  if (!row) throw notFound("Incident");
  const parent = row.parentIncidentId !== null ? await readOne(scope, row.parentIncidentId) : null;
  const descendants: Row[] = [];
  let level = [row.id];
  for (let depth = 0; depth < MAX_LEVELS && level.length > 0; depth++) {
    const found = await db().incident.findMany({
      where: { AND: [{ parentIncidentId: { in: level } }, visibleTo(scope.orgId, scope.userId)] },
      include: withSubject,
      orderBy: [{ openedAt: "asc" }, { id: "asc" }],
    });
    descendants.push(...found);
    level = found.map((f) => f.id);
  }
  return { incident: nodeOf(row), parent: parent ? nodeOf(parent) : null, descendants: descendants.map(nodeOf) };
}

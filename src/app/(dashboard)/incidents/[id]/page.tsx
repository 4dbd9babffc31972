import { incidentFirst } from "../../../../components/first-screen";
import { IncidentTreeView } from "../../../../components/incidents/incident-tree";
import { Prefetch } from "../../../../trpc/server";

export default async function IncidentPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  return (
    <Prefetch first={incidentFirst(id)}>
      <IncidentTreeView id={id} />
    </Prefetch>
  );
}

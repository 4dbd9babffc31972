import { incidentsFirst } from "../../../components/first-screen";
import { IncidentPage } from "../../../components/incidents/incident-page";
import { Prefetch } from "../../../trpc/server";

export default function IncidentsPage() {
  return (
    <Prefetch first={incidentsFirst}>
      <IncidentPage />
    </Prefetch>
  );
}

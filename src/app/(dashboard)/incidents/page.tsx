import { IncidentPage } from "../../../components/incidents/incident-page";

export default function IncidentsPage() {
  return <IncidentPage />;
}

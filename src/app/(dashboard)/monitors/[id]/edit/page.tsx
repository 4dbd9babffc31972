import { EditMonitor } from "../../../../../components/monitors/edit-monitor";

export default async function EditMonitorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditMonitor id={Number(id)} />;
}

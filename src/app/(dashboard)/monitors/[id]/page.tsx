import { MonitorView } from "../../../../components/monitors/monitor-view";

export default async function MonitorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MonitorView id={Number(id)} />;
}

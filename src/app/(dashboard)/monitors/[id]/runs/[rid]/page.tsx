import { RunDetail } from "../../../../../../components/monitors/run-detail";

export default async function RunPage({ params }: { params: Promise<{ id: string; rid: string }> }) {
  const { id, rid } = await params;
  return <RunDetail monitorId={Number(id)} rid={decodeURIComponent(rid)} />;
}

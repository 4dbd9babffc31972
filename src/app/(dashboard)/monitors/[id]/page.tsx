import { monitorFirst } from "../../../../components/first-screen";
import { MonitorView } from "../../../../components/monitors/monitor-view";
import { Prefetch } from "../../../../trpc/server";

export default async function MonitorPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  return (
    <Prefetch first={monitorFirst(id)}>
      <MonitorView id={id} />
    </Prefetch>
  );
}

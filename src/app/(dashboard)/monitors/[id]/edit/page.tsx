import { editMonitorFirst } from "../../../../../components/first-screen";
import { EditMonitor } from "../../../../../components/monitors/edit-monitor";
import { Prefetch } from "../../../../../trpc/server";

export default async function EditMonitorPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  return (
    <Prefetch first={editMonitorFirst(id)}>
      <EditMonitor id={id} />
    </Prefetch>
  );
}

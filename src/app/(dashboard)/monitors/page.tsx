import { monitorListFirst } from "../../../components/first-screen";
import { MonitorList } from "../../../components/monitors/monitor-list";
import { Prefetch } from "../../../trpc/server";

export default function MonitorsPage() {
  return (
    <Prefetch first={monitorListFirst}>
      <MonitorList />
    </Prefetch>
  );
}

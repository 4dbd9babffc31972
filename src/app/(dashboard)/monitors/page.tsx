import { MonitorList } from "../../../components/monitors/monitor-list";

export default function MonitorsPage() {
  return <MonitorList />;
}

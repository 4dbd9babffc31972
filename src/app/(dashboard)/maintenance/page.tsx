import { maintenanceFirst } from "../../../components/first-screen";
import { MaintenanceList } from "../../../components/maintenance/maintenance-list";
import { Prefetch } from "../../../trpc/server";

export default function MaintenancePage() {
  return (
    <Prefetch first={maintenanceFirst}>
      <MaintenanceList />
    </Prefetch>
  );
}

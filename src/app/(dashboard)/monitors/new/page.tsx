import { newMonitorFirst } from "../../../../components/first-screen";
import { MonitorForm } from "../../../../components/monitors/monitor-form";
import { Prefetch } from "../../../../trpc/server";

export default function NewMonitorPage() {
  return (
    <section className="stack-lg">
      <h1>New monitor</h1>
      <Prefetch first={newMonitorFirst}>
        <MonitorForm />
      </Prefetch>
    </section>
  );
}

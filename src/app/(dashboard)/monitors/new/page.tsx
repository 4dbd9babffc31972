import { MonitorForm } from "../../../../components/monitors/monitor-form";

export default function NewMonitorPage() {
  return (
    <section className="stack-lg">
      <h1>New monitor</h1>
      <MonitorForm />
    </section>
  );
}

import type { CronMonitor } from "../../shared/schemas/cron-monitors";
import { annotationLines } from "../../shared/kubernetes-annotations";
import { CopyButton } from "../common/copy-button";

/**
 * How to report from Kubernetes: the agent (`npm run k8s-agent`, deploy/kubernetes-agent) keeps one
 * monitor per CronJob, derived from it; these annotations on the CronJob give that monitor this
 * monitor's grace, project and integrations. A monitor the agent already keeps says so.
 */
export function KubernetesSnippet({ monitor: m }: { monitor: CronMonitor }) {
  const yaml = annotationLines(m);
  return (
    <section className="card stack" aria-labelledby="kubernetes-title" data-testid="kubernetes-snippet">
      <h2 id="kubernetes-title" className="h3">
        Report from Kubernetes
      </h2>
      {m.source === "kubernetes" ? (
        <p className="muted">
          The Kubernetes agent keeps this monitor in sync with the CronJob <code>{m.name}</code>: its schedule, time
          zone, suspend flag and deadlines come from the CronJob, and its Jobs report the runs. These annotations on the
          CronJob set the rest.
        </p>
      ) : (
        <p className="muted">
          With the Lifeline agent in the cluster, each CronJob gets a monitor of its own, derived from it (schedule,
          time zone, suspend, deadlines), and its Jobs report the runs: no curl line in the container. These annotations
          give that monitor this one&apos;s grace, project and integrations.
        </p>
      )}
      <pre className="snippet" tabIndex={0} role="region" aria-label="CronJob annotations">
        {yaml}
      </pre>
      <CopyButton text={yaml} label="Copy annotations" />
    </section>
  );
}

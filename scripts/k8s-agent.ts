// `npm run k8s-agent`: the Kubernetes agent (src/k8s-agent/, README "Report your jobs"). Reads the
// cluster from KUBECONFIG or, inside a pod, its service account. LIFELINE_URL and LIFELINE_TOKEN (an
// organization service token with cronmonitor.view/create/edit/delete) are required; LIFELINE_ORG
// names the organization (X-Org-Slug); WATCH_NAMESPACES (comma-separated, empty: all);
// MONITOR_SELECTION `opt-out` (default: every CronJob unless annotated lifeline.dev/monitor: "false")
// or `opt-in` (only those annotated "true"); ON_CRONJOB_DELETE `pause` (default) or `delete`.
// With LEADER_ELECTION_NAMESPACE, replicas elect one active agent through the Lease
// `lifeline-k8s-agent` there (LEASE_SECONDS, default 15); a leader that loses it exits.
// Logs JSON lines on standard error; stops on SIGTERM/SIGINT.
import { KubeConfig } from "@kubernetes/client-node";
import { K8sAgent } from "../src/k8s-agent/agent";
import { LeaderElector } from "../src/k8s-agent/leader";
import { LifelineClient } from "../src/k8s-agent/lifeline-client";

const log = (line: Record<string, unknown>) =>
  process.stderr.write(JSON.stringify({ time: new Date().toISOString(), ...line }) + "\n");

const url = process.env.LIFELINE_URL;
const token = process.env.LIFELINE_TOKEN;
const selection = process.env.MONITOR_SELECTION || "opt-out";
const onDelete = process.env.ON_CRONJOB_DELETE || "pause";
if (!url || !token || !["opt-in", "opt-out"].includes(selection) || !["pause", "delete"].includes(onDelete)) {
  log({
    event: "k8s_agent.fatal",
    error:
      "LIFELINE_URL and LIFELINE_TOKEN are required; MONITOR_SELECTION is opt-in or opt-out; ON_CRONJOB_DELETE is pause or delete",
  });
  process.exit(2);
}
const kubeConfig = new KubeConfig();
kubeConfig.loadFromDefault();
const agent = new K8sAgent({
  kubeConfig,
  lifeline: new LifelineClient(url, token, process.env.LIFELINE_ORG || undefined),
  namespaces: (process.env.WATCH_NAMESPACES ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
  selection: selection as "opt-in" | "opt-out",
  onDelete: onDelete as "pause" | "delete",
  log,
});
const start = () =>
  agent.start().catch((err) => {
    log({ event: "k8s_agent.fatal", error: String(err) });
    process.exit(1);
  });
const electionNamespace = process.env.LEADER_ELECTION_NAMESPACE;
const elector = electionNamespace
  ? new LeaderElector({
      kubeConfig,
      namespace: electionNamespace,
      name: "lifeline-k8s-agent",
      identity: `${process.env.HOSTNAME ?? "agent"}-${process.pid}`,
      leaseSeconds: Number(process.env.LEASE_SECONDS) || 15,
      log,
    })
  : undefined;
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => {
    void agent
      .stop()
      .then(() => elector?.stop())
      .then(() => process.exit(0));
  });
if (elector) {
  log({ event: "k8s_agent.waiting_for_lease", namespace: electionNamespace });
  elector.run(start, () => process.exit(1));
} else start();

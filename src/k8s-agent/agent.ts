// The Kubernetes agent: informers (list + watch, resourceVersion, bookmarks, a 410 Gone answered by
// a relist) on batch/v1 CronJobs and Jobs, for all namespaces or a list. Each monitored CronJob is
// upserted as a cron monitor (keyed by its UID); each Job a CronJob owns reports its run through
// POST /cron-monitors/{id}/events with the Job's UID as rid. All work goes through one queue, in
// order, so a Job's event always follows its CronJob's upsert.
import {
  BatchV1Api,
  CoreV1Api,
  KubeConfig,
  ListWatch,
  Watch,
  type KubernetesListObject,
  type KubernetesObject,
  type V1CronJob,
  type V1Job,
} from "@kubernetes/client-node";
import { LifelineClient, Refused } from "./lifeline-client";
import {
  deletedJobEvent,
  isMonitored,
  jobEvent,
  monitorFields,
  owningCronJobUid,
  podFailure,
  type RunEvent,
  type Selection,
} from "./mapping";

/** The most of a failed pod's log a run gets (its tail). */
export const LOG_TAIL_BYTES = 10_000;

export type OnDelete = "pause" | "delete";
export type AgentOptions = {
  kubeConfig: KubeConfig;
  lifeline: LifelineClient;
  /** Namespaces to watch; empty: all. */
  namespaces: string[];
  selection: Selection;
  onDelete: OnDelete;
  log: (line: Record<string, unknown>) => void;
};

export class K8sAgent {
  /** CronJob UID -> monitor id, for the CronJobs upserted. */
  private readonly monitors = new Map<string, number>();
  /** CronJob UID -> the body last upserted (a relist or resync sends nothing when it is unchanged). */
  private readonly upserted = new Map<string, string>();
  /** CronJob UID -> its concurrencyPolicy (a Job deleted while running under `Replace` was replaced). */
  private readonly policies = new Map<string, string | undefined>();
  /** Job UID -> the last event reported. */
  private readonly reported = new Map<string, string>();
  private readonly informers: ListWatch<KubernetesObject>[] = [];
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly opts: AgentOptions) {}

  async start(): Promise<void> {
    const batch = this.opts.kubeConfig.makeApiClient(BatchV1Api);
    const scopes = this.opts.namespaces.length ? this.opts.namespaces : [undefined];
    for (const ns of scopes) {
      const at = ns ? `/apis/batch/v1/namespaces/${ns}` : "/apis/batch/v1";
      const list = () =>
        (ns ? batch.listNamespacedCronJob({ namespace: ns }) : batch.listCronJobForAllNamespaces()) as Promise<
          KubernetesListObject<V1CronJob>
        >;
      const informer = this.informer<V1CronJob>(`${at}/cronjobs`, list);
      informer.on("add", (cj) => this.enqueue(() => this.cronJobChanged(cj)));
      informer.on("update", (cj) => this.enqueue(() => this.cronJobChanged(cj)));
      informer.on("delete", (cj) => this.enqueue(() => this.cronJobDeleted(cj)));
      await informer.start();
    }
    for (const ns of scopes) {
      const at = ns ? `/apis/batch/v1/namespaces/${ns}` : "/apis/batch/v1";
      const list = () =>
        (ns ? batch.listNamespacedJob({ namespace: ns }) : batch.listJobForAllNamespaces()) as Promise<
          KubernetesListObject<V1Job>
        >;
      const informer = this.informer<V1Job>(`${at}/jobs`, list);
      informer.on("add", (job) => this.enqueue(() => this.jobChanged(job)));
      informer.on("update", (job) => this.enqueue(() => this.jobChanged(job)));
      informer.on("delete", (job) => this.enqueue(() => this.jobDeleted(job)));
      await informer.start();
    }
    this.opts.log({
      event: "k8s_agent.started",
      namespaces: this.opts.namespaces.length ? this.opts.namespaces : "all",
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.informers.map((i) => i.stop()));
    await this.queue;
  }

  /** Waits until the work queued so far is done. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** A list + watch informer that asks for bookmarks and restarts (relisting) after an error. */
  private informer<T extends KubernetesObject>(path: string, list: () => Promise<KubernetesListObject<T>>) {
    const informer = new ListWatch<T>(`${path}?allowWatchBookmarks=true`, new Watch(this.opts.kubeConfig), list, false);
    informer.on("error", (err) => {
      this.opts.log({ event: "k8s_agent.watch_error", path, error: String(err?.message ?? err) });
      if (!this.stopped) setTimeout(() => !this.stopped && informer.start().catch(() => {}), 1000);
    });
    this.informers.push(informer as unknown as ListWatch<KubernetesObject>);
    return informer;
  }

  private enqueue(work: () => Promise<void>) {
    this.queue = this.queue.then(work).catch((err) => this.opts.log({ event: "k8s_agent.error", error: String(err) }));
  }

  private async cronJobChanged(cronJob: V1CronJob) {
    const uid = cronJob.metadata?.uid;
    if (!uid) return;
    if (!isMonitored(cronJob, this.opts.selection)) {
      if (this.monitors.has(uid)) await this.cronJobDeleted(cronJob);
      return;
    }
    this.policies.set(uid, cronJob.spec?.concurrencyPolicy);
    const fields = monitorFields(cronJob);
    const body = JSON.stringify(fields);
    if (this.upserted.get(uid) === body) return;
    try {
      const id = await this.opts.lifeline.upsertMonitor(fields);
      this.monitors.set(uid, id);
      this.upserted.set(uid, body);
      this.opts.log({ event: "k8s_agent.monitor_upserted", cronjob: fields.name, monitor_id: id });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      this.upserted.set(uid, body); // reported once per version of the CronJob
      this.opts.log({
        event: "k8s_agent.monitor_refused",
        cronjob: fields.name,
        status: err.status,
        error: err.message,
      });
      await this.warn(cronJob, err.message);
    }
  }

  private async cronJobDeleted(cronJob: V1CronJob) {
    const uid = cronJob.metadata?.uid ?? "";
    const id = this.monitors.get(uid);
    this.monitors.delete(uid);
    this.upserted.delete(uid);
    this.policies.delete(uid);
    if (id === undefined) return;
    if (this.opts.onDelete === "delete") await this.opts.lifeline.deleteMonitor(id);
    else await this.opts.lifeline.updateMonitor(id, { paused: true });
    this.opts.log({
      event: `k8s_agent.monitor_${this.opts.onDelete === "delete" ? "deleted" : "paused"}`,
      monitor_id: id,
    });
  }

  private async jobChanged(job: V1Job) {
    const owner = owningCronJobUid(job);
    const uid = job.metadata?.uid;
    if (!owner || !uid) return;
    const id = this.monitors.get(owner);
    const event = jobEvent(job);
    if (id === undefined || !event || this.reported.get(uid) === event.event) return;
    const report = event.event === "fail" ? await this.withPods(event) : event;
    await this.opts.lifeline.reportEvent(id, report);
    this.reported.set(uid, event.event);
    this.opts.log({
      event: "k8s_agent.run_reported",
      job: `${event.meta.namespace}/${event.meta.job_name}`,
      run: event.event,
    });
  }

  /** A Job deleted while it ran (replaced under `concurrencyPolicy: Replace`, or by hand): its run failed. */
  private async jobDeleted(job: V1Job) {
    const uid = job.metadata?.uid ?? "";
    const owner = owningCronJobUid(job);
    const id = owner === undefined ? undefined : this.monitors.get(owner);
    const done = this.reported.get(uid);
    this.reported.delete(uid);
    if (id === undefined || done === "success" || done === "fail") return;
    const event = deletedJobEvent(job, this.policies.get(owner!));
    if (!event) return;
    await this.opts.lifeline.reportEvent(id, event);
    this.opts.log({
      event: "k8s_agent.run_reported",
      job: `${event.meta.namespace}/${event.meta.job_name}`,
      run: event.event,
      reason: event.meta.reason,
    });
  }

  /** A failure with what its Pods tell: OOMKilled as the reason, the failed Pod's log tail (bounded). */
  private async withPods(event: RunEvent): Promise<RunEvent & { log?: string }> {
    const { namespace, job_name } = event.meta;
    const core = this.opts.kubeConfig.makeApiClient(CoreV1Api);
    try {
      const pods = await core.listNamespacedPod({
        namespace,
        labelSelector: `batch.kubernetes.io/job-name=${job_name}`,
      });
      const { oomKilled, pod } = podFailure(pods.items);
      const meta = oomKilled ? { ...event.meta, reason: "OOMKilled" } : event.meta;
      if (!pod) return { ...event, meta };
      const text = await core.readNamespacedPodLog({ name: pod, namespace, tailLines: 200 });
      const bytes = Buffer.from(String(text ?? ""));
      const log = bytes.subarray(Math.max(0, bytes.length - LOG_TAIL_BYTES)).toString();
      return { ...event, meta, ...(log ? { log } : {}) };
    } catch (err) {
      this.opts.log({ event: "k8s_agent.pods_unread", job: `${namespace}/${job_name}`, error: String(err) });
      return event;
    }
  }

  /** A Warning Event on the CronJob (`kubectl describe cronjob` shows it); a failure here is only logged. */
  private async warn(cronJob: V1CronJob, message: string) {
    const { namespace = "default", name = "", uid } = cronJob.metadata ?? {};
    const now = new Date();
    try {
      await this.opts.kubeConfig.makeApiClient(CoreV1Api).createNamespacedEvent({
        namespace,
        body: {
          metadata: { generateName: `${name}.lifeline-`, namespace },
          involvedObject: { apiVersion: "batch/v1", kind: "CronJob", name, namespace, uid },
          type: "Warning",
          reason: "LifelineMonitorRefused",
          message: `Lifeline refused the monitor: ${message}`.slice(0, 1024),
          source: { component: "lifeline-k8s-agent" },
          firstTimestamp: now,
          lastTimestamp: now,
          count: 1,
        },
      });
    } catch (err) {
      this.opts.log({ event: "k8s_agent.event_failed", cronjob: `${namespace}/${name}`, error: String(err) });
    }
  }
}

// Pure mapping from Kubernetes objects to Lifeline: a CronJob to the fields of its cron monitor, a
// Job to the run event it reports. No I/O; the agent (agent.ts) decides when to send what.
import { DEFAULT_GRACE_SECONDS, MIN_GRACE_SECONDS } from "../shared/schemas/cron-monitors";

import {
  GRACE_ANNOTATION,
  INTEGRATIONS_ANNOTATION,
  MONITOR_ANNOTATION,
  PROJECT_ANNOTATION,
} from "../shared/kubernetes-annotations";

export type Selection = "opt-out" | "opt-in";

/** The parts of a batch/v1 CronJob the agent reads (as the API returns them). */
export type CronJobLike = {
  metadata?: { uid?: string; name?: string; namespace?: string; annotations?: Record<string, string> };
  spec?: {
    schedule?: string;
    timeZone?: string;
    suspend?: boolean;
    startingDeadlineSeconds?: number;
    concurrencyPolicy?: string;
    jobTemplate?: { spec?: { activeDeadlineSeconds?: number } };
  };
};

/** The parts of a batch/v1 Job the agent reads. */
export type JobLike = {
  metadata?: {
    uid?: string;
    name?: string;
    namespace?: string;
    ownerReferences?: { kind?: string; uid?: string; controller?: boolean }[];
  };
  status?: {
    active?: number;
    succeeded?: number;
    failed?: number;
    startTime?: Date | string;
    conditions?: { type?: string; status?: string; reason?: string }[];
  };
};

export type MonitorFields = {
  name: string;
  source: "kubernetes";
  external_id: string;
  schedule_kind: "cron";
  cron_expression: string;
  timezone: string;
  suspended: boolean;
  grace_seconds: number;
  max_runtime_seconds: number | null;
  project_id?: number | null;
  integration_ids?: number[];
};

export type RunEvent = {
  event: "start" | "success" | "fail";
  rid: string;
  source: "kubernetes";
  meta: { job_name: string; namespace: string; reason?: string };
};

/** Whether a CronJob is monitored under the selection mode (`opt-out`: unless annotated "false"). */
export function isMonitored(cronJob: CronJobLike, selection: Selection): boolean {
  const value = cronJob.metadata?.annotations?.[MONITOR_ANNOTATION]?.trim().toLowerCase();
  return selection === "opt-in" ? value === "true" : value !== "false";
}

/** The cron monitor a CronJob stands for. */
export function monitorFields(cronJob: CronJobLike): MonitorFields {
  const { metadata = {}, spec = {} } = cronJob;
  const annotations = metadata.annotations ?? {};
  const starting = spec.startingDeadlineSeconds;
  const overrideGrace = wholeNumber(annotations[GRACE_ANNOTATION]);
  const grace = overrideGrace ?? (starting !== undefined && starting !== null ? starting : DEFAULT_GRACE_SECONDS);
  const deadline = spec.jobTemplate?.spec?.activeDeadlineSeconds;
  const fields: MonitorFields = {
    name: `${metadata.namespace}/${metadata.name}`,
    source: "kubernetes",
    external_id: metadata.uid ?? "",
    schedule_kind: "cron",
    cron_expression: spec.schedule ?? "",
    timezone: spec.timeZone || "UTC",
    suspended: spec.suspend === true,
    grace_seconds: Math.max(MIN_GRACE_SECONDS, grace),
    max_runtime_seconds: deadline && deadline > 0 ? deadline : null,
  };
  const projectText = annotations[PROJECT_ANNOTATION];
  const project = projectText?.trim() === "" ? null : wholeNumber(projectText);
  if (project !== undefined) fields.project_id = project;
  const integrations = idList(annotations[INTEGRATIONS_ANNOTATION]);
  if (integrations !== undefined) fields.integration_ids = integrations;
  return fields;
}

/**
 * What a Job deleted before it finished reports: its run failed, with reason `Replaced` when its
 * CronJob's `concurrencyPolicy` is `Replace` (the controller deletes the running Job to start the
 * next one) and `Deleted` otherwise. A Job that had finished, or never started, reports nothing
 * more (its outcome was reported already).
 */
export function deletedJobEvent(job: JobLike, concurrencyPolicy: string | undefined): RunEvent | undefined {
  const event = jobEvent(job);
  if (event?.event !== "start") return undefined;
  return {
    ...event,
    event: "fail",
    meta: { ...event.meta, reason: concurrencyPolicy === "Replace" ? "Replaced" : "Deleted" },
  };
}

/** The UID of the CronJob that controls a Job, or undefined for a Job no CronJob made. */
export function owningCronJobUid(job: JobLike): string | undefined {
  return job.metadata?.ownerReferences?.find((o) => o.kind === "CronJob" && o.controller !== false)?.uid;
}

/**
 * The run event a Job's state reports: `success` once Complete, `fail` (with the condition's reason)
 * once Failed, `start` while it runs; undefined before it starts. The rid is the Job's UID, so the
 * same Job reported again (an agent restart, a relist) updates the same run.
 */
export function jobEvent(job: JobLike): RunEvent | undefined {
  const { metadata = {}, status = {} } = job;
  const base = {
    rid: metadata.uid ?? "",
    source: "kubernetes" as const,
    meta: { job_name: metadata.name ?? "", namespace: metadata.namespace ?? "" },
  };
  const condition = (type: string) => status.conditions?.find((c) => c.type === type && c.status === "True");
  if (condition("Complete")) return { ...base, event: "success" };
  const failed = condition("Failed");
  if (failed) return { ...base, event: "fail", meta: { ...base.meta, reason: failed.reason || "Failed" } };
  if ((status.active ?? 0) > 0 || status.startTime) return { ...base, event: "start" };
  return undefined;
}

/** `"3, 7"` as [3, 7], `""` as [] (the organization's defaults); undefined when absent or not a list of ids. */
function idList(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(",").map((p) => p.trim());
  if (parts.length === 1 && parts[0] === "") return [];
  return parts.every((p) => /^\d{1,10}$/.test(p)) ? [...new Set(parts.map(Number))] : undefined;
}

function wholeNumber(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/** The parts of a v1 Pod the agent reads. */
export type PodLike = {
  metadata?: { name?: string; creationTimestamp?: Date | string };
  status?: {
    phase?: string;
    containerStatuses?: {
      state?: { terminated?: { reason?: string; exitCode?: number } };
      lastState?: { terminated?: { reason?: string; exitCode?: number } };
    }[];
  };
};

/**
 * What a failed Job's Pods tell: whether a container was OOMKilled (the failure's reason then), and
 * the newest Pod with a container that ended in failure (whose log tail the run gets).
 */
export function podFailure(pods: PodLike[]): { oomKilled: boolean; pod?: string } {
  const ended = (p: PodLike) =>
    (p.status?.containerStatuses ?? []).flatMap((c) => [c.state?.terminated, c.lastState?.terminated]).filter((t) => t);
  const oomKilled = pods.some((p) => ended(p).some((t) => t!.reason === "OOMKilled"));
  const failed = pods
    .filter((p) => p.status?.phase === "Failed" || ended(p).some((t) => (t!.exitCode ?? 0) !== 0))
    .sort((a, b) => time(b) - time(a));
  return { oomKilled, pod: failed[0]?.metadata?.name };
}

function time(p: PodLike) {
  const t = p.metadata?.creationTimestamp;
  return t ? new Date(t).getTime() : 0;
}

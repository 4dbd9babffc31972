import { describe, expect, it } from "vitest";
import {
  deletedJobEvent,
  isMonitored,
  jobEvent,
  monitorFields,
  owningCronJobUid,
  podFailure,
} from "../../src/k8s-agent/mapping";

const cronJob = (spec: Record<string, unknown> = {}, annotations?: Record<string, string>) => ({
  metadata: { uid: "6f1c1c1e-0d5e-4b8a-9d53-2a8f6c7e1a01", name: "backup", namespace: "ops", annotations },
  spec: { schedule: "0 3 * * *", ...spec },
});

const job = (status: Record<string, unknown>) => ({
  metadata: {
    uid: "0b8a3f5e-7c1d-4f2a-8e9b-1d2c3b4a5f60",
    name: "backup-29000000",
    namespace: "ops",
    ownerReferences: [{ kind: "CronJob", uid: "6f1c1c1e-0d5e-4b8a-9d53-2a8f6c7e1a01", controller: true }],
  },
  status,
});

describe("CronJob to cron monitor", () => {
  it("derives name, schedule, time zone (UTC by default), suspend and the UID as external id", () => {
    expect(monitorFields(cronJob())).toEqual({
      name: "ops/backup",
      source: "kubernetes",
      external_id: "6f1c1c1e-0d5e-4b8a-9d53-2a8f6c7e1a01",
      schedule_kind: "cron",
      cron_expression: "0 3 * * *",
      timezone: "UTC",
      suspended: false,
      grace_seconds: 300,
      max_runtime_seconds: null,
    });
    expect(monitorFields(cronJob({ timeZone: "Asia/Tokyo", suspend: true }))).toMatchObject({
      timezone: "Asia/Tokyo",
      suspended: true,
    });
  });

  it("takes the grace from startingDeadlineSeconds (at least 60) and the runtime bound from activeDeadlineSeconds", () => {
    expect(monitorFields(cronJob({ startingDeadlineSeconds: 10 })).grace_seconds).toBe(60);
    expect(monitorFields(cronJob({ startingDeadlineSeconds: 600 })).grace_seconds).toBe(600);
    const bounded = cronJob({ jobTemplate: { spec: { activeDeadlineSeconds: 900 } } });
    expect(monitorFields(bounded).max_runtime_seconds).toBe(900);
  });

  it("lets annotations override the grace and set the project, ignoring values that are not whole numbers", () => {
    const annotated = cronJob({}, { "lifeline.dev/grace-seconds": "120", "lifeline.dev/project-id": "7" });
    expect(monitorFields(annotated)).toMatchObject({ grace_seconds: 120, project_id: 7 });
    const bad = cronJob({}, { "lifeline.dev/grace-seconds": "soon", "lifeline.dev/project-id": "-1" });
    expect(monitorFields(bad).grace_seconds).toBe(300);
    expect(monitorFields(bad)).not.toHaveProperty("project_id");
  });

  it('sets the integrations from a list of ids ("" for the organization\'s defaults) and no project from ""', () => {
    const listed = cronJob({}, { "lifeline.dev/integration-ids": " 3, 7,3" });
    expect(monitorFields(listed).integration_ids).toEqual([3, 7]);
    const cleared = cronJob({}, { "lifeline.dev/integration-ids": "", "lifeline.dev/project-id": "" });
    expect(monitorFields(cleared)).toMatchObject({ integration_ids: [], project_id: null });
    expect(monitorFields(cronJob({}, { "lifeline.dev/integration-ids": "3,x" }))).not.toHaveProperty("integration_ids");
    expect(monitorFields(cronJob())).not.toHaveProperty("integration_ids");
  });

  it('selects by annotation: opt-out takes all but "false", opt-in only "true"', () => {
    expect(isMonitored(cronJob(), "opt-out")).toBe(true);
    expect(isMonitored(cronJob({}, { "lifeline.dev/monitor": "false" }), "opt-out")).toBe(false);
    expect(isMonitored(cronJob(), "opt-in")).toBe(false);
    expect(isMonitored(cronJob({}, { "lifeline.dev/monitor": "true" }), "opt-in")).toBe(true);
  });
});

describe("Job to run event", () => {
  const meta = { job_name: "backup-29000000", namespace: "ops" };

  it("reports start while active, success once Complete, with the Job's UID as rid", () => {
    expect(jobEvent(job({ active: 1, startTime: "2026-01-01T03:00:00Z" }))).toEqual({
      event: "start",
      rid: "0b8a3f5e-7c1d-4f2a-8e9b-1d2c3b4a5f60",
      source: "kubernetes",
      meta,
    });
    const done = job({
      succeeded: 1,
      conditions: [{ type: "Complete", status: "True", reason: "CompletionsReached" }],
    });
    expect(jobEvent(done)).toMatchObject({ event: "success", meta });
    expect(jobEvent(job({}))).toBeUndefined();
  });

  it("reports fail with the Failed condition's reason", () => {
    const failed = (reason: string) =>
      job({
        failed: 1,
        conditions: [
          { type: "FailureTarget", status: "True", reason },
          { type: "Failed", status: "True", reason },
        ],
      });
    expect(jobEvent(failed("BackoffLimitExceeded"))).toMatchObject({
      event: "fail",
      meta: { ...meta, reason: "BackoffLimitExceeded" },
    });
    expect(jobEvent(failed("DeadlineExceeded"))?.meta.reason).toBe("DeadlineExceeded");
  });

  it("finds the owning CronJob, and none for a Job made by hand", () => {
    expect(owningCronJobUid(job({}))).toBe("6f1c1c1e-0d5e-4b8a-9d53-2a8f6c7e1a01");
    expect(owningCronJobUid({ metadata: { uid: "x" } })).toBeUndefined();
  });
});

describe("a failed Job's Pods", () => {
  const pod = (name: string, at: string, reason: string, exitCode: number, phase = "Failed") => ({
    metadata: { name, creationTimestamp: at },
    status: { phase, containerStatuses: [{ state: { terminated: { reason, exitCode } } }] },
  });

  it("tell an OOMKilled container and the newest failed Pod", () => {
    const pods = [pod("a", "2026-01-01T03:00:00Z", "Error", 1), pod("b", "2026-01-01T03:01:00Z", "OOMKilled", 137)];
    expect(podFailure(pods)).toEqual({ oomKilled: true, pod: "b" });
    expect(podFailure([pod("a", "2026-01-01T03:00:00Z", "Error", 1)])).toEqual({ oomKilled: false, pod: "a" });
    expect(podFailure([pod("ok", "2026-01-01T03:00:00Z", "Completed", 0, "Succeeded")])).toEqual({ oomKilled: false });
  });
});

describe("a Job deleted", () => {
  const running = job({ active: 1, startTime: "2026-01-01T03:00:00Z" });

  it("while running fails its run: Replaced under concurrencyPolicy Replace, Deleted otherwise", () => {
    expect(deletedJobEvent(running, "Replace")).toMatchObject({
      event: "fail",
      rid: "0b8a3f5e-7c1d-4f2a-8e9b-1d2c3b4a5f60",
      meta: { reason: "Replaced", job_name: "backup-29000000", namespace: "ops" },
    });
    for (const policy of ["Allow", "Forbid", undefined]) {
      expect(deletedJobEvent(running, policy)?.meta.reason).toBe("Deleted");
    }
  });

  it("once finished, or before it started, reports nothing more", () => {
    const complete = job({ succeeded: 1, conditions: [{ type: "Complete", status: "True" }] });
    expect(deletedJobEvent(complete, "Replace")).toBeUndefined();
    expect(deletedJobEvent(job({}), "Replace")).toBeUndefined();
  });
});

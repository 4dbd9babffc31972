import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, registerUser, type TestUser } from "../support/http";
import { K8sApiServer } from "../support/k8s-api-server";
import { newProject } from "../support/projects";
import { dashboardCookie } from "../support/dashboard";

/**
 * `npm run k8s-agent` as a child process against a loopback Kubernetes API server (list/watch of
 * batch/v1 CronJobs and Jobs) and the suite's Lifeline, asserted through Lifeline's REST API.
 * The cases run in order on one cluster and one organization.
 */
let user: TestUser;
let token = "";
let k8s: K8sApiServer;
let tmp = "";
let agent: ChildProcess | undefined;
let agentLog = "";

function startAgent(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/k8s-agent.ts"], {
    env: {
      PATH: process.env.PATH,
      KUBECONFIG: k8s.writeKubeconfig(tmp),
      LIFELINE_URL: baseUrl(),
      LIFELINE_TOKEN: token,
      LIFELINE_ORG: user.orgSlug,
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.on("data", (c: Buffer) => (agentLog += c));
  agent = child;
  return child;
}

async function stopAgent(child = agent) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Waits for an event (polled every 100 ms). The bound is wide because several waits include an agent's
 * start, which takes over 14 s on a loaded machine (tsx and the Kubernetes client load); a quick
 * answer costs no more.
 */
async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 45_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\nagent log:\n${agentLog}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function monitors(): Promise<any[]> {
  const res = await call("GET", "/cron-monitors?limit=100", { token });
  expect(res.status).toBe(200);
  return res.body.data.filter((m: any) => m.source === "kubernetes");
}

const monitorOf = async (uid: string) => (await monitors()).find((m) => m.external_id === uid);

async function runs(monitorId: number): Promise<any[]> {
  const res = await call("GET", `/cron-monitors/${monitorId}/runs?limit=200`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  user = await registerUser("k8s");
  const issued = await call("POST", `/orgs/${user.orgSlug}/service-tokens`, {
    token: user.access,
    body: {
      name: "k8s-agent",
      capabilities: ["cronmonitor.view", "cronmonitor.create", "cronmonitor.edit", "cronmonitor.delete"],
    },
  });
  expect(issued.status).toBe(201);
  token = issued.body.data.token;
  k8s = await K8sApiServer.start();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "k8s-agent-"));
});

const replicas: ChildProcess[] = [];

afterAll(async () => {
  await stopAgent();
  for (const r of replicas) await stopAgent(r);
  await k8s?.close();
});

// A case may wait for two agent starts (the restart, the replicas), each bounded by `until`.
describe("k8s-agent", { timeout: 120_000 }, () => {
  let nightly: any;
  let hourly: any;

  it("upserts each CronJob as a cron monitor derived from it, skipping those annotated out", async () => {
    nightly = k8s.createCronJob("batch", "nightly", {
      schedule: "15 4 * * *",
      timeZone: "Europe/Berlin",
      startingDeadlineSeconds: 30,
      concurrencyPolicy: "Forbid",
      jobTemplate: { spec: { activeDeadlineSeconds: 600, template: { spec: { containers: [] } } } },
    });
    hourly = k8s.createCronJob("web", "hourly", { schedule: "0 * * * *", startingDeadlineSeconds: 900 });
    k8s.createCronJob("web", "skipped", { schedule: "*/5 * * * *" }, { "lifeline.dev/monitor": "false" });
    startAgent();
    const found = await until("two monitors", async () => {
      const list = await monitors();
      return list.length >= 2 && list;
    });
    expect(found.map((m) => m.name).sort()).toEqual(["batch/nightly", "web/hourly"]);
    const n = found.find((m) => m.name === "batch/nightly");
    expect(n).toMatchObject({
      external_id: nightly.metadata.uid,
      schedule_kind: "cron",
      cron_expression: "15 4 * * *",
      timezone: "Europe/Berlin",
      grace_seconds: 60,
      max_runtime_seconds: 600,
      suspended: false,
    });
    const h = found.find((m) => m.name === "web/hourly");
    expect(h).toMatchObject({ timezone: "UTC", grace_seconds: 900, max_runtime_seconds: null });
  });

  it("mirrors suspend, resume and a new schedule or time zone onto the same monitor", async () => {
    k8s.updateCronJob("web", "hourly", (spec) => (spec.suspend = true));
    await until("suspended", async () => (await monitorOf(hourly.metadata.uid))?.suspended === true);
    expect((await monitorOf(hourly.metadata.uid)).state).toBe("paused");
    k8s.updateCronJob("web", "hourly", (spec) => (spec.suspend = false));
    await until("resumed", async () => (await monitorOf(hourly.metadata.uid))?.suspended === false);
    k8s.updateCronJob("web", "hourly", (spec) => {
      spec.schedule = "30 */2 * * *";
      spec.timeZone = "America/New_York";
    });
    const m = await until("rescheduled", async () => {
      const m = await monitorOf(hourly.metadata.uid);
      return m?.cron_expression === "30 */2 * * *" && m;
    });
    expect(m.timezone).toBe("America/New_York");
    expect(await monitors()).toHaveLength(2);
  });

  it("logs a schedule Lifeline refuses and posts a Warning Event on the CronJob, and keeps working", async () => {
    const bad = k8s.createCronJob("batch", "broken", { schedule: "61 * * * *" });
    const event = await until("a Warning event", async () =>
      k8s.events.find((e) => e.involvedObject?.uid === bad.metadata.uid),
    );
    expect(event).toMatchObject({
      type: "Warning",
      reason: "LifelineMonitorRefused",
      involvedObject: { kind: "CronJob", name: "broken" },
    });
    expect(agentLog).toContain("k8s_agent.monitor_refused");
    const later = k8s.createCronJob("batch", "later", { schedule: "0 6 * * 1" });
    await until("the next CronJob's monitor", () => monitorOf(later.metadata.uid));
    expect(agent!.exitCode).toBeNull();
  });

  it("reports each owned Job's start, success and failure reasons with the Job's UID as rid", async () => {
    const id = (await monitorOf(nightly.metadata.uid)).id;
    const ok = k8s.createJob(nightly, "nightly-29000001");
    await until("a running run", async () =>
      (await runs(id)).find((r) => r.rid === ok.metadata.uid && r.status === "running"),
    );
    k8s.finishJob("batch", "nightly-29000001", {});
    await until("a success", async () =>
      (await runs(id)).find((r) => r.rid === ok.metadata.uid && r.status === "success"),
    );
    const backoff = k8s.createJob(nightly, "nightly-29000002");
    k8s.finishJob("batch", "nightly-29000002", {
      reason: "BackoffLimitExceeded",
      message: "Job has reached the specified backoff limit",
    });
    const deadline = k8s.createJob(nightly, "nightly-29000003", { activeDeadlineSeconds: 600 });
    k8s.finishJob("batch", "nightly-29000003", {
      reason: "DeadlineExceeded",
      message: "Job was active longer than specified deadline",
    });
    const failed = await until("two failures", async () => {
      const f = (await runs(id)).filter((r) => r.status === "fail");
      return f.length === 2 && f;
    });
    const reasons = Object.fromEntries(failed.map((r) => [r.rid, r.meta]));
    expect(reasons[backoff.metadata.uid]).toMatchObject({
      reason: "BackoffLimitExceeded",
      job_name: "nightly-29000002",
      namespace: "batch",
    });
    expect(reasons[deadline.metadata.uid]).toMatchObject({ reason: "DeadlineExceeded", job_name: "nightly-29000003" });
  });

  it("resumes from a bookmark after a dropped watch, and answers a 410 Gone with a relist", async () => {
    await until("watches open", async () => k8s.watchCount("cronjobs") === 1 && k8s.watchCount("jobs") === 1);
    k8s.bookmark();
    const bookmarkRv = k8s.get("cronjobs", "web", "hourly").metadata.resourceVersion;
    const seen = k8s.requests.length;
    k8s.dropWatches();
    await until("a rewatch", async () => k8s.watchCount("cronjobs") === 1);
    // Bookmarked at the latest version: the rewatch starts there, no relist.
    const rewatch = k8s.requests.slice(seen).find((r) => r.includes("/cronjobs?") && r.includes("watch=true"));
    expect(
      Number(new URL(rewatch!.split(" ")[1]!, "http://x").searchParams.get("resourceVersion")),
    ).toBeGreaterThanOrEqual(Number(bookmarkRv));

    // A partition: the CronJob is deleted while the agent hears nothing, then history is compacted.
    k8s.partition();
    k8s.delete("cronjobs", "batch", "later");
    const later = await monitors().then((l) => l.find((m) => m.name === "batch/later"));
    k8s.compact();
    const before = k8s.requests.length;
    k8s.heal();
    await until(
      "the monitor paused after the relist",
      async () => (await monitorOf(later.external_id))?.state === "paused",
    );
    const after = k8s.requests.slice(before);
    expect(after.some((r) => /\/cronjobs$/.test(r.split(" ")[1]!.split("?")[0]!) && !r.includes("watch="))).toBe(true);
  });

  it("pauses the monitor of a CronJob deleted", async () => {
    k8s.delete("cronjobs", "web", "hourly");
    await until("paused", async () => (await monitorOf(hourly.metadata.uid))?.state === "paused");
  });

  it("restarted, reports what changed meanwhile and doubles nothing", async () => {
    const id = (await monitorOf(nightly.metadata.uid)).id;
    const running = k8s.createJob(nightly, "nightly-29000004");
    await until("running", async () => (await runs(id)).find((r) => r.rid === running.metadata.uid));
    await stopAgent();
    k8s.finishJob("batch", "nightly-29000004", {});
    const fresh = k8s.createJob(nightly, "nightly-29000005");
    const monitorsBefore = (await monitors()).length;
    startAgent();
    await until("both reported", async () => {
      const r = await runs(id);
      return (
        r.find((x) => x.rid === running.metadata.uid && x.status === "success") &&
        r.find((x) => x.rid === fresh.metadata.uid && x.status === "running")
      );
    });
    const all = await runs(id);
    expect(all).toHaveLength(5);
    expect(new Set(all.map((r) => r.rid)).size).toBe(5);
    expect(await monitors()).toHaveLength(monitorsBefore);
  });

  it("runs one active agent of two replicas through a Lease, and the other takes over when the leader stops", async () => {
    await stopAgent();
    const id = (await monitorOf(nightly.metadata.uid)).id;
    const election = { LEADER_ELECTION_NAMESPACE: "lifeline", LEASE_SECONDS: "3" };
    const logs = ["", ""];
    for (const i of [0, 1]) {
      const child = startAgent({ ...election, HOSTNAME: `replica-${i}` });
      child.stderr!.on("data", (c: Buffer) => (logs[i] = (logs[i] ?? "") + c));
      replicas.push(child);
    }
    const lease = await until(
      "a leader",
      async () => k8s.getLease("lifeline", "lifeline-k8s-agent")?.spec?.holderIdentity,
    );
    const leader = lease.startsWith("replica-0") ? 0 : 1;
    const follower = 1 - leader;
    await until("the leader's watches", async () => k8s.watchCount("jobs") === 1);
    const first = k8s.createJob(nightly, "nightly-29000006");
    await until("reported by the leader", async () => (await runs(id)).find((r) => r.rid === first.metadata.uid));
    expect(logs[leader]).toContain("k8s_agent.started");
    expect(logs[follower]).not.toContain("k8s_agent.started");
    expect(k8s.watchCount("cronjobs")).toBe(1);

    await stopAgent(replicas[leader]); // releases the Lease
    await until("the follower leading", async () =>
      k8s.getLease("lifeline", "lifeline-k8s-agent")?.spec?.holderIdentity?.startsWith(`replica-${follower}`),
    );
    k8s.finishJob("batch", "nightly-29000006", {});
    await until("reported by the new leader", async () =>
      (await runs(id)).find((r) => r.rid === first.metadata.uid && r.status === "success"),
    );
    expect(logs[follower]).toContain("k8s_agent.started");
    expect(await runs(id)).toHaveLength(6);
  });

  it("reports a Job whose container was OOMKilled with that reason and the failed pod's log tail", async () => {
    const id = (await monitorOf(nightly.metadata.uid)).id;
    const job = k8s.createJob(nightly, "nightly-29000007");
    const lines = Array.from({ length: 300 }, (_, i) => `step ${i}`).join("\n");
    k8s.createFailedPod(job, "nightly-29000007-x7k2p", {
      reason: "OOMKilled",
      exitCode: 137,
      log: `${lines}\nallocating...`,
    });
    k8s.finishJob("batch", "nightly-29000007", {
      reason: "BackoffLimitExceeded",
      message: "Job has reached the specified backoff limit",
    });
    const run = await until("the failure", async () =>
      (await runs(id)).find((r) => r.rid === job.metadata.uid && r.status === "fail"),
    );
    expect(run.meta).toMatchObject({ reason: "OOMKilled", job_name: "nightly-29000007", namespace: "batch" });
    const log = await call("GET", `/cron-monitors/${id}/runs/${job.metadata.uid}/log`, { token });
    expect(log.status).toBe(200);
    expect(log.text).toContain("step 299\nallocating...");
    expect(log.text).not.toContain("step 0\n"); // a tail: the first lines are left out
  });

  it("takes the grace, the project and the integrations to notify from the CronJob's annotations", async () => {
    const project = await newProject(user);
    const hook = await call("POST", "/integrations", {
      token: user.access,
      body: { name: "k8s hook", kind: "webhook", url: "http://127.0.0.1:9/hook" },
    });
    expect(hook.status).toBe(201);
    const annotated = k8s.createCronJob(
      "ops",
      "annotated",
      { schedule: "0 3 * * *", startingDeadlineSeconds: 100 },
      {
        "lifeline.dev/grace-seconds": "420",
        "lifeline.dev/project-id": String(project.id),
        "lifeline.dev/integration-ids": String(hook.body.data.id),
      },
    );
    const m = await until("the annotated monitor", () => monitorOf(annotated.metadata.uid));
    expect(m).toMatchObject({ grace_seconds: 420, project_id: project.id, integration_ids: [hook.body.data.id] });

    // The monitor page (its server-rendered HTML) shows the wrapper's lines beside the annotations.
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    const page = await fetch(`${baseUrl()}/monitors/${m.id}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
    expect(html).toContain(`lifeline-run --timeout 3600 ${m.ping_url} -- /path/to/job.sh`);
    expect(html).toContain("Report from Kubernetes");
    for (const line of [
      'lifeline.dev/monitor: "true"',
      'lifeline.dev/grace-seconds: "420"',
      `lifeline.dev/project-id: "${project.id}"`,
      `lifeline.dev/integration-ids: "${hook.body.data.id}"`,
    ]) {
      expect(html).toContain(line);
    }
  });

  it("fails a running Job's run when it is replaced (concurrencyPolicy Replace) or deleted, before the next run starts", async () => {
    const replacing = k8s.createCronJob("ops", "replacing", { schedule: "*/5 * * * *", concurrencyPolicy: "Replace" });
    const id = (await until("the monitor", () => monitorOf(replacing.metadata.uid))).id;
    const first = k8s.createJob(replacing, "replacing-1");
    await until("running", async () =>
      (await runs(id)).find((r) => r.rid === first.metadata.uid && r.status === "running"),
    );
    // What the controller does under Replace: the running Job deleted, then the next one created.
    k8s.delete("jobs", "ops", "replacing-1");
    const second = k8s.createJob(replacing, "replacing-2");
    const [replaced, next] = await until("the replaced run and the next", async () => {
      const r = await runs(id);
      const a = r.find((x) => x.rid === first.metadata.uid && x.status === "fail");
      const b = r.find((x) => x.rid === second.metadata.uid);
      return a && b && [a, b];
    });
    expect(replaced.meta).toMatchObject({ reason: "Replaced", job_name: "replacing-1", namespace: "ops" });
    expect(next).toMatchObject({ status: "running", overlapped: false });

    // A finished Job deleted (the history limit) reports nothing more.
    k8s.finishJob("ops", "replacing-2", {});
    await until("the success", async () =>
      (await runs(id)).find((r) => r.rid === second.metadata.uid && r.status === "success"),
    );
    k8s.delete("jobs", "ops", "replacing-2");
    // Under Allow (the default), a running Job deleted by hand: its run failed, Deleted.
    const allowing = k8s.createCronJob("ops", "allowing", { schedule: "*/5 * * * *" });
    const allowId = (await until("the monitor", () => monitorOf(allowing.metadata.uid))).id;
    const manual = k8s.createJob(allowing, "allowing-1");
    await until("running", async () => (await runs(allowId)).find((r) => r.rid === manual.metadata.uid));
    k8s.delete("jobs", "ops", "allowing-1");
    const deleted = await until("the deleted run", async () =>
      (await runs(allowId)).find((r) => r.rid === manual.metadata.uid && r.status === "fail"),
    );
    expect(deleted.meta).toMatchObject({ reason: "Deleted", job_name: "allowing-1" });
    // The Jobs' events are handled in order: replacing-2's deletion came before, and changed nothing.
    expect((await runs(id)).map((r) => [r.rid, r.status]).sort()).toEqual(
      [
        [first.metadata.uid, "fail"],
        [second.metadata.uid, "success"],
      ].sort(),
    );
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";

/**
 * A Kubernetes API server on loopback speaking the real list/watch protocol for batch/v1 CronJobs
 * and Jobs: lists carry `metadata.resourceVersion`; `?watch=true&resourceVersion=N` streams
 * newline-delimited `{"type":"ADDED|MODIFIED|DELETED|BOOKMARK|ERROR","object":{...}}` from N on;
 * `allowWatchBookmarks=true` gets BOOKMARKs from `bookmark()`; a resourceVersion older than the last
 * `compact()` gets the API server's `410 Gone` (an ERROR event carrying an `Expired` Status, then the
 * stream ends); `dropWatches()` ends every open watch. Core v1 Events may be posted (kept in
 * `events`); coordination.k8s.io/v1 Leases read, created and replaced (optimistic concurrency). Every request needs `Authorization: Bearer <token>`.
 */
type Obj = Record<string, any> & { metadata: Record<string, any> };
type Resource = "cronjobs" | "jobs" | "pods";
type Change = { rv: number; resource: Resource; type: "ADDED" | "MODIFIED" | "DELETED"; object: Obj };
type Watcher = { res: http.ServerResponse; resource: Resource; namespace?: string; bookmarks: boolean };

const KINDS: Record<Resource, { kind: string; apiVersion: string }> = {
  cronjobs: { kind: "CronJob", apiVersion: "batch/v1" },
  jobs: { kind: "Job", apiVersion: "batch/v1" },
  pods: { kind: "Pod", apiVersion: "v1" },
};

export class K8sApiServer {
  readonly token = crypto.randomBytes(16).toString("hex");
  url = "";
  /** Core v1 Events the client posted. */
  readonly events: Obj[] = [];
  /** Every request's method and path with query, in order. */
  readonly requests: string[] = [];
  private rv = 1000;
  private partitioned = false;
  private compactedRv = 0;
  private readonly store: Record<Resource, Map<string, Obj>> = {
    cronjobs: new Map(),
    jobs: new Map(),
    pods: new Map(),
  };
  private readonly logs = new Map<string, string>();
  private readonly changes: Change[] = [];
  private readonly leases = new Map<string, Obj>();
  private readonly watchers = new Set<Watcher>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  static async start(): Promise<K8sApiServer> {
    const s = new K8sApiServer();
    await new Promise<void>((r) => s.server.listen(0, "127.0.0.1", r));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    return s;
  }

  /** Writes a kubeconfig naming this server and its token; returns its path. */
  writeKubeconfig(dir: string): string {
    const file = path.join(dir, "kubeconfig.json");
    const config = {
      apiVersion: "v1",
      kind: "Config",
      // Plain HTTP on loopback: the client allows it only with TLS verification off.
      clusters: [{ name: "test", cluster: { server: this.url, "insecure-skip-tls-verify": true } }],
      users: [{ name: "agent", user: { token: this.token } }],
      contexts: [{ name: "test", context: { cluster: "test", user: "agent" } }],
      "current-context": "test",
    };
    fs.writeFileSync(file, JSON.stringify(config));
    return file;
  }

  createCronJob(namespace: string, name: string, spec: Record<string, any>, annotations?: Record<string, string>) {
    const obj: Obj = {
      metadata: { name, namespace, uid: crypto.randomUUID(), generation: 1, annotations, creationTimestamp: now() },
      spec: {
        concurrencyPolicy: "Allow",
        suspend: false,
        successfulJobsHistoryLimit: 3,
        failedJobsHistoryLimit: 1,
        jobTemplate: { metadata: {}, spec: { template: { spec: { containers: [], restartPolicy: "OnFailure" } } } },
        ...spec,
      },
      status: {},
    };
    if (!annotations) delete obj.metadata.annotations;
    return this.put("cronjobs", obj, "ADDED");
  }

  updateCronJob(namespace: string, name: string, change: (spec: Record<string, any>) => void) {
    const obj = structuredClone(this.get("cronjobs", namespace, name));
    change(obj.spec);
    obj.metadata.generation += 1;
    return this.put("cronjobs", obj, "MODIFIED");
  }

  /** A Job the CronJob controller would create for `cronJob`, active from the start. */
  createJob(cronJob: Obj, name: string, template: { activeDeadlineSeconds?: number } = {}) {
    const obj: Obj = {
      metadata: {
        name,
        namespace: cronJob.metadata.namespace,
        uid: crypto.randomUUID(),
        creationTimestamp: now(),
        labels: { "batch.kubernetes.io/job-name": name, "job-name": name },
        annotations: { "batch.kubernetes.io/cronjob-scheduled-timestamp": now() },
        ownerReferences: [
          {
            apiVersion: "batch/v1",
            kind: "CronJob",
            name: cronJob.metadata.name,
            uid: cronJob.metadata.uid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: { backoffLimit: 6, completions: 1, parallelism: 1, ...template, template: { spec: {} } },
      status: { active: 1, ready: 0, startTime: now(), uncountedTerminatedPods: {} },
    };
    return this.put("jobs", obj, "ADDED");
  }

  /** The Job controller's final status: Complete, or Failed with `reason`. */
  finishJob(namespace: string, name: string, outcome: { reason?: string; message?: string }) {
    const obj = structuredClone(this.get("jobs", namespace, name));
    const t = now();
    const failed = outcome.reason !== undefined;
    obj.status = {
      startTime: obj.status.startTime,
      ready: 0,
      terminating: 0,
      uncountedTerminatedPods: {},
      ...(failed ? { failed: 1 } : { succeeded: 1, completionTime: t }),
      conditions: [
        failed
          ? {
              type: "FailureTarget",
              status: "True",
              reason: outcome.reason,
              message: outcome.message,
              lastProbeTime: t,
              lastTransitionTime: t,
            }
          : {
              type: "SuccessCriteriaMet",
              status: "True",
              reason: "CompletionsReached",
              message: "Reached expected number of succeeded pods",
              lastProbeTime: t,
              lastTransitionTime: t,
            },
        failed
          ? {
              type: "Failed",
              status: "True",
              reason: outcome.reason,
              message: outcome.message,
              lastProbeTime: t,
              lastTransitionTime: t,
            }
          : {
              type: "Complete",
              status: "True",
              reason: "CompletionsReached",
              message: "Reached expected number of succeeded pods",
              lastProbeTime: t,
              lastTransitionTime: t,
            },
      ],
    };
    return this.put("jobs", obj, "MODIFIED");
  }

  /** A terminated Pod of `job` (its container ended with `reason`, e.g. OOMKilled or Error) and its log. */
  createFailedPod(job: Obj, name: string, outcome: { reason: string; exitCode: number; log: string }) {
    const t = now();
    const obj: Obj = {
      metadata: {
        name,
        namespace: job.metadata.namespace,
        uid: crypto.randomUUID(),
        creationTimestamp: t,
        labels: { "batch.kubernetes.io/job-name": job.metadata.name, "job-name": job.metadata.name },
        ownerReferences: [
          { apiVersion: "batch/v1", kind: "Job", name: job.metadata.name, uid: job.metadata.uid, controller: true },
        ],
      },
      spec: { containers: [{ name: "main", image: "busybox" }], restartPolicy: "Never" },
      status: {
        phase: "Failed",
        containerStatuses: [
          {
            name: "main",
            ready: false,
            restartCount: 0,
            image: "busybox",
            state: { terminated: { exitCode: outcome.exitCode, reason: outcome.reason, startedAt: t, finishedAt: t } },
          },
        ],
      },
    };
    this.logs.set(`${obj.metadata.namespace}/${name}`, outcome.log);
    return this.put("pods", obj, "ADDED");
  }

  delete(resource: Resource, namespace: string, name: string) {
    const obj = structuredClone(this.get(resource, namespace, name));
    this.store[resource].delete(`${namespace}/${name}`);
    obj.metadata.deletionTimestamp = now();
    this.record(resource, "DELETED", obj);
  }

  get(resource: Resource, namespace: string, name: string): Obj {
    const obj = this.store[resource].get(`${namespace}/${name}`);
    if (!obj) throw new Error(`no ${resource} ${namespace}/${name}`);
    return obj;
  }

  /**
   * Forgets the change history (as etcd compaction does; other resources moved the resourceVersion
   * on meanwhile): a watch from any earlier resourceVersion now gets 410 Gone.
   */
  compact() {
    this.rv += 1;
    this.compactedRv = this.rv;
    this.changes.length = 0;
  }

  /** Open watches stop receiving changes (a partition) until `heal()`, which also ends them. */
  partition() {
    this.partitioned = true;
  }

  heal() {
    this.partitioned = false;
    this.dropWatches();
  }

  /** Sends a BOOKMARK at the current resourceVersion to every watch that allows them. */
  bookmark() {
    for (const w of this.watchers) {
      if (!w.bookmarks) continue;
      const object = { ...KINDS[w.resource], metadata: { resourceVersion: String(this.rv), annotations: {} } };
      w.res.write(JSON.stringify({ type: "BOOKMARK", object }) + "\n");
    }
  }

  /** Ends every open watch, as an API server restart or a load balancer timeout does. */
  dropWatches() {
    for (const w of this.watchers) w.res.end();
    this.watchers.clear();
  }

  watchCount(resource?: Resource) {
    return [...this.watchers].filter((w) => !resource || w.resource === resource).length;
  }

  async close() {
    this.dropWatches();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  private put(resource: Resource, obj: Obj, type: "ADDED" | "MODIFIED") {
    this.store[resource].set(`${obj.metadata.namespace}/${obj.metadata.name}`, obj);
    this.record(resource, type, obj);
    return obj;
  }

  private record(resource: Resource, type: Change["type"], obj: Obj) {
    this.rv += 1;
    obj.metadata.resourceVersion = String(this.rv);
    const change: Change = { rv: this.rv, resource, type, object: structuredClone(obj) };
    this.changes.push(change);
    if (this.partitioned) return;
    for (const w of this.watchers) if (matches(w, change)) send(w.res, change);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    this.requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", "http://x");
    if (req.headers.authorization !== `Bearer ${this.token}`) {
      return status(res, 401, "Unauthorized", "Unauthorized");
    }
    const events = /^\/api\/v1\/namespaces\/([^/]+)\/events$/.exec(url.pathname);
    if (events && req.method === "POST") {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const event = JSON.parse(body);
        event.metadata = { ...event.metadata, namespace: events[1], uid: crypto.randomUUID() };
        this.events.push(event);
        res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify(event));
      });
      return;
    }
    const lease = /^\/apis\/coordination\.k8s\.io\/v1\/namespaces\/([^/]+)\/leases(?:\/([^/]+))?$/.exec(url.pathname);
    if (lease) return this.lease(req, res, lease[1]!, lease[2]);
    const log = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/.exec(url.pathname);
    if (log && req.method === "GET") {
      const text = this.logs.get(`${log[1]}/${log[2]}`);
      if (text === undefined) return status(res, 404, "NotFound", `pods "${log[2]}" not found`);
      const tail = Number(url.searchParams.get("tailLines") || 0);
      let body = tail ? text.split("\n").slice(-tail).join("\n") : text;
      const limit = Number(url.searchParams.get("limitBytes") || 0);
      if (limit) body = Buffer.from(body).subarray(0, limit).toString();
      return res.writeHead(200, { "content-type": "text/plain" }).end(body);
    }
    const m =
      /^\/apis\/batch\/v1\/(?:namespaces\/([^/]+)\/)?(cronjobs|jobs)$/.exec(url.pathname) ??
      /^\/api\/v1\/(?:namespaces\/([^/]+)\/)?(pods)$/.exec(url.pathname);
    if (!m || req.method !== "GET")
      return status(res, 404, "NotFound", "the server could not find the requested resource");
    const namespace = m[1];
    const resource = m[2] as Resource;
    const watch = url.searchParams.get("watch");
    if (watch === "true" || watch === "1") return this.watch(res, resource, namespace, url.searchParams);
    const selector = url.searchParams.get("labelSelector")?.split("=");
    const items = [...this.store[resource].values()]
      .filter((o) => !namespace || o.metadata.namespace === namespace)
      .filter((o) => !selector || o.metadata.labels?.[selector[0]!] === selector[1])
      .map((o) => structuredClone(o));
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        kind: `${KINDS[resource].kind}List`,
        apiVersion: KINDS[resource].apiVersion,
        metadata: { resourceVersion: String(this.rv) },
        items,
      }),
    );
  }

  /** coordination.k8s.io/v1 Leases: get, create (409 when present), replace (409 on a stale resourceVersion). */
  private lease(req: http.IncomingMessage, res: http.ServerResponse, namespace: string, name?: string) {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      const json = (code: number, body: unknown) =>
        res.writeHead(code, { "content-type": "application/json" }).end(JSON.stringify(body));
      const body = text ? JSON.parse(text) : undefined;
      const key = `${namespace}/${name ?? body?.metadata?.name}`;
      const current = this.leases.get(key);
      if (req.method === "GET" && name) {
        return current ? json(200, current) : status(res, 404, "NotFound", `leases "${name}" not found`);
      }
      if (req.method === "POST" && !name) {
        if (current) return status(res, 409, "AlreadyExists", `leases "${body.metadata.name}" already exists`);
      } else if (req.method === "PUT" && name) {
        if (!current) return status(res, 404, "NotFound", `leases "${name}" not found`);
        if (body.metadata?.resourceVersion !== current.metadata.resourceVersion)
          return status(
            res,
            409,
            "Conflict",
            "the object has been modified; please apply your changes to the latest version",
          );
      } else return status(res, 405, "MethodNotAllowed", "method not allowed");
      this.rv += 1;
      const lease = {
        kind: "Lease",
        apiVersion: "coordination.k8s.io/v1",
        ...body,
        metadata: {
          ...body.metadata,
          namespace,
          uid: current?.metadata.uid ?? crypto.randomUUID(),
          resourceVersion: String(this.rv),
        },
      };
      this.leases.set(key, lease);
      json(req.method === "POST" ? 201 : 200, lease);
    });
  }

  /** The Lease `namespace/name`, if any. */
  getLease(namespace: string, name: string): Obj | undefined {
    return this.leases.get(`${namespace}/${name}`);
  }

  private watch(res: http.ServerResponse, resource: Resource, namespace: string | undefined, q: URLSearchParams) {
    const from = Number(q.get("resourceVersion") || 0);
    const w: Watcher = { res, resource, namespace, bookmarks: q.get("allowWatchBookmarks") === "true" };
    res.writeHead(200, { "content-type": "application/json", "transfer-encoding": "chunked" });
    res.flushHeaders(); // as the API server does: a watch with nothing to say yet is still open
    if (from > 0 && from < this.compactedRv) {
      const object = {
        kind: "Status",
        apiVersion: "v1",
        metadata: {},
        status: "Failure",
        message: `too old resource version: ${from} (${this.compactedRv})`,
        reason: "Expired",
        code: 410,
      };
      res.end(JSON.stringify({ type: "ERROR", object }) + "\n");
      return;
    }
    if (from === 0) {
      for (const o of this.store[resource].values())
        if (!namespace || o.metadata.namespace === namespace) send(res, { rv: 0, resource, type: "ADDED", object: o });
    } else {
      for (const c of this.changes) if (c.rv > from && matches(w, c)) send(res, c);
    }
    this.watchers.add(w);
    res.on("close", () => this.watchers.delete(w));
  }
}

function matches(w: Watcher, c: Change) {
  return w.resource === c.resource && (!w.namespace || w.namespace === c.object.metadata.namespace);
}

function send(res: http.ServerResponse, c: Change) {
  res.write(JSON.stringify({ type: c.type, object: { ...KINDS[c.resource], ...c.object } }) + "\n");
}

function status(res: http.ServerResponse, code: number, reason: string, message: string) {
  res
    .writeHead(code, { "content-type": "application/json" })
    .end(JSON.stringify({ kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, reason, code }));
}

function now() {
  return new Date().toISOString().replace(/\.\d+Z$/, "Z");
}

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { operatorMetrics } from "../../src/server/observability/operator-metrics";
import { PROMTOOL } from "../support/prometheus";

// The Kubernetes manifests under deploy/ run the project's real commands with documented settings:
// every command names a script that exists (and a flag that script reads), every variable is in the
// README's configuration table, probes hit routes the app serves, and the objects fit together.
type Doc = Record<string, any>;
const files = [
  ...fs.readdirSync("deploy/kubernetes").map((f) => path.join("deploy/kubernetes", f)),
  "deploy/kubernetes-cronjob.yaml",
];
const docs: { file: string; doc: Doc }[] = files.flatMap((file) =>
  parseAllDocuments(fs.readFileSync(file, "utf8")).map((d) => {
    if (d.errors.length) throw new Error(`${file}: ${d.errors[0]!.message}`);
    return { file, doc: d.toJS() as Doc };
  }),
);
const podSpec = (doc: Doc): Doc | null =>
  doc.spec?.jobTemplate?.spec?.template?.spec ?? doc.spec?.template?.spec ?? null;
const workloads = docs.filter(({ doc }) => ["Deployment", "CronJob"].includes(doc.kind));
const containers = workloads.flatMap(({ file, doc }) =>
  (podSpec(doc)!.containers as Doc[]).map((c) => ({ file, name: doc.metadata.name as string, doc, c })),
);
const byName = (kind: string, name: string) =>
  docs.find(({ doc }) => doc.kind === kind && doc.metadata.name === name)?.doc;

const readme = fs.readFileSync("README.md", "utf8");
const configTable = new Set([...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]));
const npmScripts = Object.values(
  JSON.parse(fs.readFileSync("package.json", "utf8")).scripts as Record<string, string>,
).join("\n");

describe("deploy/ Kubernetes manifests", () => {
  it("define a web Deployment, a ping-ingest Deployment with its own Service, sweepers, a probe and a Secret", () => {
    expect(byName("Deployment", "lifeline-probe")).toBeDefined();
    expect(byName("Deployment", "lifeline-web")).toBeDefined();
    expect(byName("Service", "lifeline-web")).toBeDefined();
    expect(byName("Deployment", "lifeline-ping-ingest")).toBeDefined();
    expect(byName("Service", "lifeline-ping-ingest")).toBeDefined();
    expect(byName("Deployment", "lifeline-sweeper")).toBeDefined();
    expect(byName("CronJob", "lifeline-sweeper")).toBeDefined();
    expect(byName("Secret", "lifeline-env")).toBeDefined();
  });

  it("parse as YAML, every file, and run web, ingest, sweeper and probe as Deployments, each from the one Secret", () => {
    const yamlFiles = fs.readdirSync("deploy/kubernetes").filter((f) => /\.ya?ml$/.test(f));
    expect(yamlFiles.sort()).toEqual(fs.readdirSync("deploy/kubernetes").sort()); // nothing else in the folder
    for (const f of yamlFiles)
      expect(
        docs.some((d) => d.file === path.join("deploy/kubernetes", f)),
        f,
      ).toBe(true);
    const scriptOf: Record<string, string> = {
      "lifeline-web": "scripts/serve.ts",
      "lifeline-ping-ingest": "scripts/ping-server.ts",
      "lifeline-sweeper": "scripts/sweep.ts",
      "lifeline-probe": "scripts/probe.ts",
    };
    const secrets = docs.filter(({ doc }) => doc.kind === "Secret");
    expect(secrets.map(({ doc }) => doc.metadata.name)).toEqual(["lifeline-env"]);
    for (const [name, script] of Object.entries(scriptOf)) {
      const deployment = byName("Deployment", name);
      expect(deployment, name).toBeDefined();
      const [c] = podSpec(deployment!)!.containers as Doc[];
      expect(c!.command, name).toContain(script);
      expect(c!.envFrom, name).toEqual([{ secretRef: { name: "lifeline-env" } }]);
      expect(c!.resources?.requests, name).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      expect(c!.resources?.limits?.memory, name).toEqual(expect.any(String));
      // Readiness and liveness wherever the pod serves its app over HTTP (a port); the sweeper and the
      // probe serve none (a port named "metrics", open only with METRICS_TOKEN, is not the app).
      if ((c!.ports ?? []).some((p: Doc) => p.name !== "metrics")) {
        expect(c!.readinessProbe, `${name} readiness`).toBeDefined();
        expect(c!.livenessProbe, `${name} liveness`).toBeDefined();
      } else {
        expect(["lifeline-sweeper", "lifeline-probe"]).toContain(name);
      }
    }
  });

  it("give the probe its platform token from the Secret and the web app's in-cluster address, and run the web pods without sweeper or probe", () => {
    const secret = byName("Secret", "lifeline-env")!;
    expect(secret.stringData.PROBE_TOKEN).toEqual(expect.any(String));
    const probe = podSpec(byName("Deployment", "lifeline-probe")!)!.containers[0];
    expect((probe.env as Doc[]).find((e) => e.name === "PROBE_TOKEN")).toBeUndefined(); // from the Secret only
    const appUrl = new URL((probe.env as Doc[]).find((e) => e.name === "APP_URL")!.value);
    expect(byName("Service", appUrl.hostname)).toBeDefined();
    expect(podSpec(byName("Deployment", "lifeline-web")!)!.containers[0].command).toContain("--web-only");
    expect(fs.readFileSync("scripts/probe.ts", "utf8")).toMatch(/process\.env\.PROBE_TOKEN/);
  });

  it("run real scripts of the project, with flags those scripts read, in the image's working directory", () => {
    const workdir = /^WORKDIR (\S+)$/m.exec(fs.readFileSync("deploy/Dockerfile", "utf8"))![1];
    expect(containers.length).toBeGreaterThanOrEqual(4);
    for (const { file, c } of containers) {
      expect(c.workingDir, file).toBe(workdir);
      const command = c.command as string[];
      expect(command[0], file).toBe("node");
      const script = command.find((a) => a.startsWith("scripts/"));
      expect(script, `${file}: no script in ${command.join(" ")}`).toBeDefined();
      expect(fs.existsSync(script!), `${file}: ${script} missing`).toBe(true);
      // An npm script runs it, or `npm start` does (scripts/start.mjs hands over to serve.ts).
      expect(
        npmScripts.includes(script!) || fs.readFileSync("scripts/start.mjs", "utf8").includes(script!),
        `${file}: ${script}`,
      ).toBe(true);
      const source = fs.readFileSync(script!, "utf8");
      for (const flag of command.slice(command.indexOf(script!) + 1).filter((a) => a.startsWith("--"))) {
        // Read as a literal ("--web-only") or declared as a node:util parseArgs option (loop: { type: ... }).
        const name = flag.slice(2);
        expect(source, `${file}: ${script} does not read ${flag}`).toMatch(
          new RegExp(`"${flag}"|\\b${name}: \\{ type:`),
        );
      }
      if (command.includes("tsx")) expect(command.slice(1, 3)).toEqual(["--import", "tsx"]);
    }
  });

  it("use only settings documented in the README's configuration table", () => {
    const secret = byName("Secret", "lifeline-env")!;
    for (const key of Object.keys(secret.stringData)) expect(configTable, `Secret key ${key}`).toContain(key);
    for (const { file, c } of containers) {
      for (const e of (c.env ?? []) as { name: string }[]) expect(configTable, `${file}: ${e.name}`).toContain(e.name);
      expect(c.envFrom, file).toEqual([{ secretRef: { name: "lifeline-env" } }]);
    }
  });

  it("probe the web app's readiness on /api/v1/health and liveness on /livez, routes the app serves", () => {
    const web = podSpec(byName("Deployment", "lifeline-web")!)!.containers[0];
    expect(web.readinessProbe.httpGet.path).toBe("/api/v1/health");
    expect(web.livenessProbe.httpGet.path).toBe("/livez");
    expect(fs.readFileSync("src/server/api/routers/system.ts", "utf8")).toContain('path: "/health"');
    expect(fs.existsSync("src/app/livez/route.ts")).toBe(true);
    const port = Number(web.env.find((e: Doc) => e.name === "PORT").value);
    expect(web.ports).toContainEqual({ name: "http", containerPort: port });
    const ingest = podSpec(byName("Deployment", "lifeline-ping-ingest")!)!.containers[0];
    const pingPort = Number(ingest.env.find((e: Doc) => e.name === "PING_PORT").value);
    expect(ingest.ports).toContainEqual({ name: "ping", containerPort: pingPort });
  });

  it("route each Service to its Deployment's pods and a named port, and the Ingress to existing Services", () => {
    for (const { doc } of docs.filter(({ doc }) => doc.kind === "Service")) {
      const deployment = byName("Deployment", doc.metadata.name)!;
      expect(deployment.spec.template.metadata.labels).toMatchObject(doc.spec.selector);
      const portNames = podSpec(deployment)!.containers.flatMap((c: Doc) => c.ports.map((p: Doc) => p.name));
      for (const p of doc.spec.ports) expect(portNames).toContain(p.targetPort);
    }
    for (const { doc } of workloads.filter(({ doc }) => doc.kind === "Deployment")) {
      expect(doc.spec.template.metadata.labels).toMatchObject(doc.spec.selector.matchLabels);
    }
    const ingress = byName("Ingress", "lifeline")!;
    for (const rule of ingress.spec.rules) {
      for (const p of rule.http.paths) {
        const service = byName("Service", p.backend.service.name)!;
        expect(service.spec.ports.map((x: Doc) => x.name)).toContain(p.backend.service.port.name);
      }
    }
  });
});

// deploy/'s observability files (issue 27) fit the code: every Deployment is scraped through the
// prometheus.io annotations on a port it serves /metrics on, the Prometheus configuration passes
// promtool and names every process, and each Grafana panel queries metric families Lifeline exports.
const deployments: Doc[] = docs.filter(({ doc }) => doc.kind === "Deployment").map(({ doc }) => doc);

/** Every family the code exports: the operator registry's (prom-client, default Node metrics included) and the organization endpoint's. */
const exported = new Set([
  ...(await operatorMetrics().registry.getMetricsAsJSON()).map((m) => m.name),
  ...[
    ...fs
      .readFileSync("src/server/services/uptime/org-metrics.ts", "utf8")
      .matchAll(/(?:name: |FamilyLines\(\s*)"(lifeline_[a-z0-9_]+)"/g),
  ].map((m) => m[1]!),
]);
/** The family a series name belongs to (a histogram's `_bucket`, `_sum`, `_count` series). */
const family = (series: string) => (exported.has(series) ? series : series.replace(/_(bucket|sum|count)$/, ""));

describe("deploy/ observability", () => {
  it("annotate every Deployment's pods for scraping, on a container port whose process serves /metrics there", () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([
      "lifeline-ping-ingest",
      "lifeline-probe",
      "lifeline-sweeper",
      "lifeline-web",
    ]);
    for (const d of deployments) {
      const name = d.metadata.name as string;
      const a = d.spec.template.metadata.annotations ?? {};
      expect(a, name).toMatchObject({
        "prometheus.io/scrape": "true",
        "prometheus.io/path": "/metrics",
        "prometheus.io/port": expect.stringMatching(/^\d+$/),
      });
      const c = d.spec.template.spec.containers[0];
      expect(
        c.ports.map((p: Doc) => p.containerPort),
        name,
      ).toContain(Number(a["prometheus.io/port"]));
      // The process listens on that port: the web app's PORT, the ingest's PING_PORT, or a *_METRICS_PORT setting.
      const env = Object.fromEntries((c.env ?? []).map((e: Doc) => [e.name, e.value]));
      const portSetting = Object.entries(env).find(
        ([k, v]) => /^(PORT|PING_PORT|[A-Z]+_METRICS_PORT)$/.test(k) && v === a["prometheus.io/port"],
      );
      expect(portSetting, `${name}: no setting puts a listener on ${a["prometheus.io/port"]}`).toBeDefined();
      // A separate metrics listener must be reachable from outside the pod.
      if (/_METRICS_PORT$/.test(portSetting![0])) expect(env.HOST, name).toBe("0.0.0.0");
    }
  });

  it("give the probe its metrics port through PROBE_METRICS_PORT, a setting the probe reads and the README documents", () => {
    const probe = deployments.find((d) => d.metadata.name === "lifeline-probe")!.spec.template.spec.containers[0];
    expect(probe.env).toContainEqual({ name: "PROBE_METRICS_PORT", value: "9465" });
    expect(probe.ports).toContainEqual({ name: "metrics", containerPort: 9465 });
    expect(fs.readFileSync("scripts/probe.ts", "utf8")).toContain("process.env.PROBE_METRICS_PORT");
    expect(readme).toMatch(/^\| `PROBE_METRICS_PORT` \|/m);
  });

  it("pass promtool check config on deploy/prometheus/prometheus.yml, its token files in place", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-promconfig-"));
    try {
      const text = fs.readFileSync("deploy/prometheus/prometheus.yml", "utf8");
      const tokenFiles = [...new Set([...text.matchAll(/credentials_file: (\S+?)[\s}]/g)].map((m) => m[1]!))];
      expect(tokenFiles.length).toBeGreaterThan(0);
      let local = text;
      for (const f of tokenFiles) {
        fs.writeFileSync(path.join(dir, path.basename(f)), "token\n");
        local = local.replaceAll(f, path.join(dir, path.basename(f)));
      }
      fs.writeFileSync(path.join(dir, "prometheus.yml"), local);
      const r = spawnSync(PROMTOOL, ["check", "config", path.join(dir, "prometheus.yml")], {
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("scrape every process in prometheus.yml and keep the annotated pods in kubernetes.yml", () => {
    const config = parse(fs.readFileSync("deploy/prometheus/prometheus.yml", "utf8"));
    const operator = config.scrape_configs.find((j: Doc) => j.job_name === "lifeline-operator");
    const processes = operator.static_configs.map((s: Doc) => s.labels.process).sort();
    expect(processes).toEqual(["ping-ingest", "probe", "sweeper", "web"]);
    const org = config.scrape_configs.find((j: Doc) => j.job_name === "lifeline-org");
    expect(org.metrics_path).toBe("/api/v1/metrics");
    // kubernetes.yml needs a Prometheus built with Kubernetes discovery (Debian's promtool is not): parsed here.
    const k8s = parse(fs.readFileSync("deploy/prometheus/kubernetes.yml", "utf8"));
    const relabel = k8s.scrape_configs[0].relabel_configs as Doc[];
    const keep = (label: string) => relabel.find((r) => r.action === "keep" && r.source_labels.includes(label));
    expect(keep("__meta_kubernetes_pod_annotation_prometheus_io_scrape")?.regex).toBe("true");
    expect(
      deployments.every((d) =>
        new RegExp(`^${keep("__meta_kubernetes_pod_label_app_kubernetes_io_name")!.regex}$`).test(
          d.spec.template.metadata.labels["app.kubernetes.io/name"],
        ),
      ),
    ).toBe(true);
  });

  it("have a Grafana dashboard that parses and whose every panel queries only metric families Lifeline exports", () => {
    const dashboard = JSON.parse(fs.readFileSync("deploy/grafana/lifeline-dashboard.json", "utf8"));
    const panels = (dashboard.panels as Doc[]).filter((p) => p.type !== "row");
    expect(panels.length).toBeGreaterThan(10);
    const used = new Set<string>();
    for (const p of panels) {
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
      for (const t of p.targets as Doc[]) {
        const names = [...(t.expr as string).matchAll(/\b((?:lifeline|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]!);
        expect(names.length, `${p.title}: ${t.expr}`).toBeGreaterThan(0);
        for (const n of names) {
          expect(exported.has(family(n)), `${p.title}: ${n} is not a family Lifeline exports`).toBe(true);
          used.add(family(n));
        }
      }
    }
    // Both endpoints are on the dashboard.
    expect([...used].some((n) => n.startsWith("lifeline_cron_monitor_") || n.startsWith("lifeline_service_"))).toBe(
      true,
    );
    expect(used.has("lifeline_pings_total")).toBe(true);
  });
});

// deploy/kubernetes-agent/ (the Kubernetes agent, README "Report your jobs"): a Deployment running the
// agent's script under a ServiceAccount whose RBAC grants what the agent calls, with documented settings.
describe("deploy/ Kubernetes agent manifests", () => {
  const agentDocs: Doc[] = parseAllDocuments(fs.readFileSync("deploy/kubernetes-agent/k8s-agent.yaml", "utf8")).map(
    (d) => {
      if (d.errors.length) throw new Error(d.errors[0]!.message);
      return d.toJS() as Doc;
    },
  );
  const find = (kind: string) => agentDocs.find((d) => d.kind === kind)!;

  it("run scripts/k8s-agent.ts as two replicas electing a leader, with the token from its Secret and only documented settings", () => {
    const deployment = find("Deployment");
    expect(deployment.spec.replicas).toBe(2);
    const election = (podSpec(deployment)!.containers[0].env as Doc[]).find(
      (e) => e.name === "LEADER_ELECTION_NAMESPACE",
    );
    expect(election?.valueFrom?.fieldRef?.fieldPath).toBe("metadata.namespace");
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
    const c = podSpec(deployment)!.containers[0];
    const workdir = /^WORKDIR (\S+)$/m.exec(fs.readFileSync("deploy/Dockerfile", "utf8"))![1];
    expect(c.workingDir).toBe(workdir);
    expect(c.command).toEqual(["node", "--import", "tsx", "scripts/k8s-agent.ts"]);
    expect(npmScripts).toContain("scripts/k8s-agent.ts");
    const secret = find("Secret");
    expect(c.envFrom).toEqual([{ secretRef: { name: secret.metadata.name } }]);
    expect(Object.keys(secret.stringData)).toEqual(["LIFELINE_TOKEN"]);
    const source = fs.readFileSync("scripts/k8s-agent.ts", "utf8");
    for (const name of [...Object.keys(secret.stringData), ...(c.env as Doc[]).map((e) => e.name)]) {
      expect(configTable, name).toContain(name);
      expect(source, name).toContain(`process.env.${name}`);
    }
    expect(c.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(c.resources?.limits?.memory).toEqual(expect.any(String));
  });

  it("bind the pod's ServiceAccount to a role that lists and watches CronJobs and Jobs, reads Pods and their logs and creates Events", () => {
    const account = find("ServiceAccount");
    expect(podSpec(find("Deployment"))!.serviceAccountName).toBe(account.metadata.name);
    const role = find("ClusterRole");
    const binding = find("ClusterRoleBinding");
    expect(binding.roleRef).toMatchObject({ kind: "ClusterRole", name: role.metadata.name });
    expect(binding.subjects).toContainEqual({
      kind: "ServiceAccount",
      name: account.metadata.name,
      namespace: account.metadata.namespace,
    });
    const allows = (group: string, resource: string, verb: string) =>
      (role.rules as Doc[]).some(
        (r) => r.apiGroups.includes(group) && r.resources.includes(resource) && r.verbs.includes(verb),
      );
    for (const resource of ["cronjobs", "jobs"])
      for (const verb of ["list", "watch"]) expect(allows("batch", resource, verb), `${verb} ${resource}`).toBe(true);
    expect(allows("", "events", "create")).toBe(true);
    expect(allows("", "pods", "list")).toBe(true);
    expect(allows("", "pods/log", "get")).toBe(true);
    const leaseRole = find("Role");
    const leaseBinding = find("RoleBinding");
    expect(leaseBinding.roleRef).toMatchObject({ kind: "Role", name: leaseRole.metadata.name });
    expect(leaseBinding.subjects).toContainEqual({
      kind: "ServiceAccount",
      name: account.metadata.name,
      namespace: account.metadata.namespace,
    });
    expect(leaseRole.metadata.namespace).toBe(account.metadata.namespace);
    for (const verb of ["get", "create", "update"])
      expect(
        (leaseRole.rules as Doc[]).some(
          (r) =>
            r.apiGroups.includes("coordination.k8s.io") && r.resources.includes("leases") && r.verbs.includes(verb),
        ),
        verb,
      ).toBe(true);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { maskSecret } from "../../src/shared/integration-secrets";
import { documentJsonSchema } from "../../src/client/config/json-schema";
import { exportDocument, formatPlan, planDocument, type State } from "../../src/client/config/plan";
import { docFields, SPECS } from "../../src/client/config/sections";

/** The pure part of `lifeline export / plan / apply` (src/client/config), on answers shaped as the API's. */
const monitor = (id: number, name: string, more: Record<string, unknown> = {}) => ({
  id,
  name,
  icon: null,
  schedule_kind: "period",
  period_seconds: 3600,
  cron_expression: null,
  timezone: "UTC",
  grace_seconds: 300,
  paused: false,
  project_id: null,
  integration_ids: [],
  source: null,
  external_id: null,
  managed: false,
  depends_on: { cron_monitor_ids: [], service_ids: [] },
  ping_token: "t".repeat(43),
  ...more,
});
const hookUrl = "https://hooks.example.test/services/T0/B0/abcdefSECRET";
const state = (): State => ({
  projects: [{ id: 7, name: "Batch", description: "", color: "#3B82F6", icon: "", order: 0 }],
  integrations: [
    {
      id: 3,
      name: "hook",
      kind: "webhook",
      url: maskSecret(hookUrl),
      email: null,
      is_default: false,
      events: ["incident.opened"],
      repeat_minutes: null,
      config: { url: maskSecret(hookUrl) },
    },
  ],
  cron_monitors: [
    monitor(2, "report", { depends_on: { cron_monitor_ids: [1], service_ids: [] } }),
    monitor(1, "backup", { project_id: 7, integration_ids: [3] }),
    monitor(9, "k8s-job", { managed: true, source: "kubernetes", external_id: "ns/job" }),
  ],
});

describe("export", () => {
  it("names objects instead of ids, sorts them by name, leaves out nulls, tokens and managed monitors", () => {
    const { document, errors } = exportDocument(state());
    expect(errors).toEqual([]);
    const monitors = document.cron_monitors as Record<string, unknown>[];
    expect(monitors.map((m) => m.name)).toEqual(["backup", "report"]);
    expect(monitors[0]).toMatchObject({ project: "Batch", integrations: ["hook"] });
    expect(monitors[0]).not.toHaveProperty("project_id");
    expect(monitors[0]).not.toHaveProperty("ping_token");
    expect(monitors[0]).not.toHaveProperty("cron_expression");
    expect(monitors[1]).toMatchObject({ depends_on: { cron_monitors: ["backup"] } });
  });

  it("writes a credential as a reference to a variable named after its object and field, never its value", () => {
    const { document } = exportDocument(state());
    expect((document.integrations as Record<string, unknown>[])[0]).toMatchObject({
      url: "${env:INTEGRATION_HOOK_URL}",
    });
    expect(JSON.stringify(document)).not.toContain("abcdefSECRET");
  });

  it("refuses to export an id it cannot name", () => {
    const s = state();
    s.cron_monitors!.push(monitor(4, "orphan", { project_id: 99 }));
    expect(exportDocument(s).errors).toEqual(['cron_monitors "orphan": project_id: projects id 99 is not readable']);
  });
});

describe("plan", () => {
  const exported = () => JSON.parse(JSON.stringify(exportDocument(state()).document));

  it("finds nothing to do for the document the state exports", () => {
    expect(planDocument(exported(), state(), { INTEGRATION_HOOK_URL: hookUrl })).toEqual({ errors: [], actions: [] });
  });

  it("sees a changed credential through its mask, and an unchanged one as unchanged", () => {
    const plan = planDocument(exported(), state(), { INTEGRATION_HOOK_URL: `${hookUrl}-rotated` });
    expect(plan.actions).toEqual([expect.objectContaining({ op: "update", key: "hook" })]);
    expect(formatPlan(plan)).toBe(
      '~ change integration "hook"\n    url: "https://hooks.example.test/…/****CRET" -> ${env:INTEGRATION_HOOK_URL}\n' +
        "Plan: 0 to create, 1 to change, 0 to delete.\n",
    );
  });

  it("shows each changed field, creates in dependency order, and deletes only with prune, in reverse order", () => {
    const doc = exported();
    doc.cron_monitors[0].grace_seconds = 600;
    doc.cron_monitors.push({ name: "new", schedule_kind: "cron", cron_expression: "@daily", project: "Later" });
    doc.projects.push({ name: "Later" });
    doc.integrations = [];
    const env = { INTEGRATION_HOOK_URL: hookUrl };
    const plan = planDocument(doc, state(), env);
    expect(plan.actions.map((a) => `${a.op} ${a.section} ${a.key}`)).toEqual([
      "create projects Later",
      "update cron_monitors backup",
      "create cron_monitors new",
    ]);
    expect(formatPlan(plan)).toContain('~ change cron monitor "backup"\n    grace_seconds: 300 -> 600\n');
    const pruned = planDocument(doc, state(), env, { prune: true });
    expect(pruned.actions.filter((a) => a.op === "delete").map((a) => a.key)).toEqual(["hook"]);
  });

  it("lists every error with file, object and field, and plans nothing", () => {
    const doc = exported();
    doc.cron_monitors.push({ name: "bad", schedule_kind: "cron", cron_expression: "@reboot" });
    doc.cron_monitors.push({ name: "backup" });
    doc.projects.push({ name: "Odd", colour: "#FFFFFF" });
    doc.integrations[0].url = "${env:MISSING}";
    doc.extra = [];
    const plan = planDocument(doc, state(), {}, { file: "org.yaml" });
    expect(plan.actions).toEqual([]);
    expect(plan.errors).toEqual([
      expect.stringMatching(/^org\.yaml: extra: unknown section/),
      expect.stringMatching(/^org\.yaml: projects "Odd": colour: unknown field/),
      'org.yaml: cron_monitors "backup": named twice',
      'org.yaml: integrations "hook": url: the environment has no MISSING',
      expect.stringMatching(/^org\.yaml: integrations "hook": url: /),
      expect.stringMatching(/^org\.yaml: cron_monitors "bad": .*@reboot/),
    ]);
  });

  it("refuses a section the credentials cannot read", () => {
    const s = state();
    delete s.projects;
    const plan = planDocument({ projects: [{ name: "x" }] }, s, {});
    expect(plan.errors).toContain(
      "document: projects: not readable with these credentials (set LIFELINE_REFRESH_TOKEN, a user's)",
    );
  });
});

describe("the document's JSON Schema", () => {
  it("has every section with the API's create fields, named as the document names them", () => {
    const schema = documentJsonSchema() as any;
    const monitorFields = Object.keys(schema.properties.cron_monitors.items.properties);
    expect(monitorFields).toEqual(docFields(SPECS.cron_monitors));
    expect(monitorFields).toEqual(expect.arrayContaining(["project", "integrations", "depends_on", "grace_seconds"]));
    expect(schema.properties.maintenance_windows.items.properties.targets.properties).toHaveProperty("projects");
  });

  it("is the one in docs/lifeline-document.schema.json (`npm run client:generate` writes it)", () => {
    const file = readFileSync(new URL("../../docs/lifeline-document.schema.json", import.meta.url), "utf8");
    expect(JSON.parse(file)).toEqual(documentJsonSchema());
  });
});

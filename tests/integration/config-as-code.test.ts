import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { run } from "../../src/client/config/cli";
import { baseUrl, call, registerUser, type TestUser } from "../support/http";

/**
 * Monitoring as code (docs/config-as-code.md): `lifeline export / plan / apply` against the suite's
 * server, over its REST API, with an organization service token and a user's refresh token.
 */
const ALL = ["cronmonitor.view", "cronmonitor.create", "cronmonitor.edit", "cronmonitor.delete"];
/** Status page slugs are unique across organizations: this run's own. */
const SLUG = `status-${crypto.randomUUID().slice(0, 8)}`;
const SECRETS: Record<string, string> = {
  INTEGRATION_ALERTS_HOOK_URL: "http://127.0.0.1:9/hooks/T0001/B0002/hookSecretTailQ7",
  INTEGRATION_ALERTS_HOOK_SECRET: "whsec-signing-key-0123456789-Zx9",
  INTEGRATION_FALLBACK_URL: "http://127.0.0.1:9/fallback",
  INTEGRATION_FALLBACK_SECRET: "",
  SERVICE_API_CONFIG_AUTH_PASSWORD: "basic-auth-password-Kv42",
  SERVICE_API_CONFIG_HEADERS_X_API_KEY: "api-key-value-000111222-Pq8",
  [`STATUS_PAGE_${SLUG.toUpperCase().replace("-", "_")}_PASSWORD`]: "page-password-Mm3",
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "config-as-code-"));

type Org = { user: TestUser; token: string; env: Record<string, string> };

async function organization(name: string, capabilities = ALL): Promise<Org> {
  const user = await registerUser(name);
  const issued = await call("POST", `/orgs/${user.orgSlug}/service-tokens`, {
    token: user.access,
    body: { name: "config", capabilities },
  });
  expect(issued.status).toBe(201);
  const tokenFile = path.join(dir, `${name}.refresh`);
  fs.writeFileSync(tokenFile, user.refresh);
  const env = {
    LIFELINE_URL: baseUrl(),
    LIFELINE_TOKEN: issued.body.data.token,
    LIFELINE_REFRESH_TOKEN_FILE: tokenFile,
  };
  return { user, token: issued.body.data.token, env: { ...env, ...SECRETS } };
}

async function lifeline(org: Org, ...argv: string[]) {
  let out = "";
  let err = "";
  const code = await run(argv, { out: (t) => (out += t), err: (t) => (err += t), env: org.env });
  return { code, out, err };
}

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

async function exported(org: Org): Promise<string> {
  const res = await lifeline(org, "export");
  expect(res.err).toBe("");
  expect(res.code).toBe(0);
  return res.out;
}

/** Organization A: two projects, both schedule kinds, integrations and routing, every service type, a page, a badge, a window. */
async function fill(org: Org, a: Org, b: Org) {
  const as = (body: unknown) => ({ token: org.user.access, body });
  const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
    const res = await p;
    expect(res.status, res.text).toBeLessThan(300);
    return res.body.data;
  };
  const web = await ok(call("POST", "/projects", as({ name: "Web", color: "#10B981", order: 1 })));
  const batch = await ok(call("POST", "/projects", as({ name: "Batch", description: "Nightly jobs" })));
  const hook = await ok(
    call(
      "POST",
      "/integrations",
      as({
        name: "alerts-hook",
        kind: "webhook",
        url: SECRETS.INTEGRATION_ALERTS_HOOK_URL,
        secret: SECRETS.INTEGRATION_ALERTS_HOOK_SECRET,
        events: ["incident.opened", "incident.resolved", "incident.reminder"],
        repeat_minutes: 60,
      }),
    ),
  );
  const fallback = await ok(
    call(
      "POST",
      "/integrations",
      as({ name: "fallback", kind: "webhook", url: SECRETS.INTEGRATION_FALLBACK_URL, is_default: true }),
    ),
  );
  // Its signing secret was generated: the answer shows it once, the document names a variable for it.
  SECRETS.INTEGRATION_FALLBACK_SECRET = fallback.secret;
  a.env.INTEGRATION_FALLBACK_SECRET = b.env.INTEGRATION_FALLBACK_SECRET = fallback.secret;
  const api = await ok(
    call(
      "POST",
      "/services",
      as({
        name: "api",
        type: "http",
        project_id: web.id,
        interval: 300,
        config: {
          url: "http://127.0.0.1:9/health",
          auth: { type: "basic", username: "probe", password: SECRETS.SERVICE_API_CONFIG_AUTH_PASSWORD },
          headers: { "X-Api-Key": SECRETS.SERVICE_API_CONFIG_HEADERS_X_API_KEY },
        },
      }),
    ),
  );
  await ok(call("POST", "/services", as({ name: "db", type: "tcp", config: { host: "127.0.0.1", port: 5432 } })));
  await ok(
    call("POST", "/services", as({ name: "resolver", type: "dns", config: { name: "example.test" }, enabled: false })),
  );
  await ok(
    call("POST", "/services", as({ name: "cert", type: "tls", config: { host: "127.0.0.1" }, degraded_ms: 800 })),
  );
  const backup = await ok(
    call(
      "POST",
      "/cron-monitors",
      as({
        name: "backup",
        schedule_kind: "period",
        period_seconds: 3600,
        project_id: batch.id,
        integration_ids: [hook.id],
      }),
    ),
  );
  const report = await ok(
    call(
      "POST",
      "/cron-monitors",
      as({
        name: "report",
        schedule_kind: "cron",
        cron_expression: "30 2 * * 1-5",
        timezone: "Europe/Berlin",
        grace_seconds: 300,
        depends_on: { cron_monitor_ids: [backup.id], service_ids: [api.id] },
      }),
    ),
  );
  await ok(
    call(
      "POST",
      "/status-pages",
      as({
        slug: SLUG,
        title: "Public status",
        visibility: "password",
        password: "page-password-Mm3",
        components: [
          { cron_monitor_id: backup.id, group: "Jobs" },
          { cron_monitor_id: report.id, group: "Jobs", display_name: "Daily report" },
          { service_id: api.id, group: "Web" },
        ],
      }),
    ),
  );
  await ok(call("POST", "/badges", as({ cron_monitor_id: backup.id, states: "up_down" })));
  await ok(
    call(
      "POST",
      "/maintenance-windows",
      as({
        title: "Sunday patching",
        schedule: "0 4 * * 0",
        timezone: "Europe/Berlin",
        duration_minutes: 60,
        targets: { project_ids: [web.id], cron_monitor_ids: [report.id] },
      }),
    ),
  );
}

describe("lifeline export / plan / apply", () => {
  let a: Org;
  let b: Org;
  let documentA: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([organization("cac-a"), organization("cac-b")]);
    await fill(a, a, b);
    documentA = await exported(a);
  });

  it("exports every kind of object with names, references for credentials, and no secret value", async () => {
    const doc = parse(documentA);
    expect(Object.keys(doc)).toEqual([
      "version",
      "projects",
      "integrations",
      "cron_monitors",
      "services",
      "status_pages",
      "badges",
      "maintenance_windows",
    ]);
    expect(doc.cron_monitors.find((m: any) => m.name === "report")).toMatchObject({
      schedule_kind: "cron",
      cron_expression: "30 2 * * 1-5",
      depends_on: { cron_monitors: ["backup"], services: ["api"] },
    });
    for (const name of Object.keys(SECRETS)) expect(documentA).toContain(`\${env:${name}}`);
    for (const value of Object.values(SECRETS)) expect(documentA).not.toContain(value);
    expect(documentA).not.toMatch(/ping_token|ping_url|\bid: \d/);
    expect(await exported(a)).toBe(documentA);
  });

  it("serves the document's JSON Schema at /api/v1/config/schema.json, without credentials", async () => {
    const res = await call("GET", "/config/schema.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/schema+json");
    expect(res.body).toEqual(JSON.parse(fs.readFileSync("docs/lifeline-document.schema.json", "utf8")));
  });

  it("applies to an empty organization, whose export is then byte-identical; a second apply changes nothing", async () => {
    // A status page's slug is the server's, not the organization's: A's page moves to B.
    const pages = await call("GET", "/status-pages", { token: a.user.access });
    expect((await call("DELETE", `/status-pages/${pages.body.data[0].id}`, { token: a.user.access })).status).toBe(204);
    const f = file("a.yaml", documentA);
    const applied = await lifeline(b, "apply", "-f", f);
    expect(applied.err).toBe("");
    expect(applied.code).toBe(0);
    const documentB = await exported(b);
    expect(documentB).toBe(documentA);
    for (const value of Object.values(SECRETS)) expect(documentB).not.toContain(value);

    const again = await lifeline(b, "apply", "-f", f);
    expect(again).toMatchObject({ code: 0, err: "" });
    expect(again.out).toBe("No changes. The organization matches the document.\n");
    expect((await lifeline(b, "plan", "-f", f)).code).toBe(0);
  });

  it("plans exactly the field that was edited (exit 2), and applies it", async () => {
    const doc = parse(documentA);
    doc.cron_monitors.find((m: any) => m.name === "backup").grace_seconds = 900;
    const f = file("edited.yaml", stringify(doc));
    const plan = await lifeline(b, "plan", "-f", f);
    expect(plan.err).toBe("");
    expect(plan.code).toBe(2);
    expect(plan.out).toBe(
      '~ change cron monitor "backup"\n    grace_seconds: 300 -> 900\nPlan: 0 to create, 1 to change, 0 to delete.\n',
    );
    expect((await lifeline(b, "apply", "-f", f)).code).toBe(0);
    expect((await lifeline(b, "plan", "-f", f)).code).toBe(0);
  });

  it("replaces a changed badge (badges have no update): its old URLs go, the document holds the new states", async () => {
    const doc = parse(await exported(b));
    doc.badges[0].states = "all";
    const f = file("badge.yaml", stringify(doc));
    const before = (await call("GET", "/badges", { token: b.user.access })).body.data;
    const applied = await lifeline(b, "apply", "-f", f);
    expect(applied).toMatchObject({ code: 0, err: "" });
    expect(applied.out).toContain('replaced badge "cron_monitor backup (backup)"');
    const after = (await call("GET", "/badges", { token: b.user.access })).body.data;
    expect(after).toHaveLength(1);
    expect(after[0].id).not.toBe(before[0].id);
    expect(parse(await exported(b)).badges).toEqual([{ label: "backup", states: "all", cron_monitor: "backup" }]);
  });

  it("--prune deletes only what the document lacks", async () => {
    const doc = parse(await exported(b));
    doc.services = doc.services.filter((s: any) => s.name !== "db");
    doc.integrations = doc.integrations.filter((i: any) => i.name !== "fallback");
    const f = file("pruned.yaml", stringify(doc));
    expect((await lifeline(b, "plan", "-f", f)).code).toBe(0); // without --prune nothing goes
    const plan = await lifeline(b, "plan", "-f", f, "--prune");
    expect(plan.code).toBe(2);
    expect(plan.out).toBe(
      '- delete service "db"\n- delete integration "fallback"\nPlan: 0 to create, 0 to change, 2 to delete.\n',
    );
    expect((await lifeline(b, "apply", "-f", f, "--prune")).code).toBe(0);
    expect(parse(await exported(b))).toEqual(doc);
  });

  it("refuses a document with three invalid objects, naming each, and changes nothing", async () => {
    const before = await exported(b);
    const doc = parse(before);
    doc.cron_monitors.push({ name: "bad-schedule", schedule_kind: "cron", cron_expression: "61 * * * *" });
    doc.projects.push({ name: "bad-color", color: "green" });
    doc.status_pages.push({ slug: "bad-ref", title: "Bad", components: [{ service: "no-such-service" }] });
    doc.cron_monitors[0].grace_seconds = 1200; // a valid edit: not applied either
    const res = await lifeline(b, "apply", "-f", file("invalid.yaml", stringify(doc)));
    expect(res.code).toBe(1);
    expect(res.out).toBe("");
    expect(res.err).toContain('cron_monitors "bad-schedule"');
    expect(res.err).toContain('projects "bad-color": color:');
    expect(res.err).toContain('status_pages "bad-ref": components.0.service: no services named "no-such-service"');
    expect(res.err.match(/invalid\.yaml: /g), res.err).toHaveLength(3);
    expect(await exported(b)).toBe(before);
  });

  it("a service token without the rights for an object is refused for that object only", async () => {
    const c = await organization("cac-c", ["cronmonitor.view"]);
    const doc = {
      version: 1,
      projects: [{ name: "Made" }],
      cron_monitors: [{ name: "refused", schedule_kind: "period", period_seconds: 600 }],
    };
    const res = await lifeline(c, "apply", "-f", file("rights.yaml", stringify(doc)));
    expect(res.code).toBe(1);
    expect(res.out).toContain('created project "Made"');
    expect(res.err).toContain('cron monitor "refused": refused (403');
    const after = parse(await exported(c));
    expect(after.projects.map((p: any) => p.name)).toEqual(["Made"]);
    expect(after.cron_monitors).toEqual([]);
  });
});

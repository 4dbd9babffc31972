import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { call, expectStandardError, registerUser, serviceToken, type TestUser } from "../support/http";
import { createMonitor } from "../support/monitors";
import { newService } from "../support/projects";
import { createStatusPage } from "../support/status-pages";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import { baseUrl } from "../support/http";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser("alice"), registerUser("bob")]);
});

describe("status page create", () => {
  it("answers 201 with the page, its ordered components in groups and its public url", async () => {
    const m1 = await createMonitor(alice, { name: "Nightly backup" });
    const m2 = await createMonitor(alice, { name: "Invoices" });
    const s1 = await newService(alice, { name: "API health" });
    const res = await call("POST", "/status-pages", {
      token: alice.access,
      body: {
        slug: `acme-${Date.now()}`,
        title: "Acme status",
        description: "All our systems",
        components: [
          { service_id: s1.id, display_name: "Public API", group: "Core" },
          { cron_monitor_id: m2.id, group: "Core" },
          { cron_monitor_id: m1.id, display_name: "Backups" },
        ],
      },
    });
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      title: "Acme status",
      description: "All our systems",
      visibility: "public",
      has_password: false,
      custom_domain: null,
      show_uptime: true,
    });
    expect(p.url).toMatch(/^https?:\/\/[^/]+\/status\//);
    expect(p.url.endsWith(`/status/${p.slug}`)).toBe(true);
    expect(p.components).toEqual([
      { type: "service", id: s1.id, name: "API health", display_name: "Public API", group: "Core" },
      { type: "cron_monitor", id: m2.id, name: "Invoices", display_name: null, group: "Core" },
      { type: "cron_monitor", id: m1.id, name: "Nightly backup", display_name: "Backups", group: null },
    ]);
    expect(p).not.toHaveProperty("password");
  });

  it("stores a password page's password as an argon2id hash and never answers it", async () => {
    const res = await call("POST", "/status-pages", {
      token: alice.access,
      body: { slug: `pw-${Date.now()}`, title: "Private", visibility: "password", password: "open sesame 42" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.has_password).toBe(true);
    expect(res.text).not.toContain("open sesame");
    const row = (await testDb().one<{ password_hash: string }>("SELECT password_hash FROM status_pages WHERE id = ?", [
      res.body.data.id,
    ]))!;
    expect(row.password_hash.startsWith("$argon2id$")).toBe(true);
  });

  it("refuses a password page without a password, keyed password", async () => {
    const res = await call("POST", "/status-pages", {
      token: alice.access,
      body: { slug: `nopw-${Date.now()}`, title: "x", visibility: "password" },
    });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(Object.keys(res.body.error.details)).toEqual(["password"]);
  });

  it.each([
    ["an upper-case slug", { slug: "Acme" }, "slug"],
    ["a slug with a dot", { slug: "acme.json" }, "slug"],
    ["an empty title", { slug: "ok-slug-1", title: "  " }, "title"],
    ["an unknown visibility", { slug: "ok-slug-2", visibility: "secret" }, "visibility"],
    [
      "a custom domain with a scheme",
      { slug: "ok-slug-3", custom_domain: "https://status.example.com" },
      "custom_domain",
    ],
  ])("refuses %s with a 400 keyed by its field", async (_label, body, field) => {
    const res = await call("POST", "/status-pages", { token: alice.access, body: { title: "t", ...body } });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(Object.keys(res.body.error.details)).toContain(field);
  });

  it("refuses a component naming both or neither object", async () => {
    const m = await createMonitor(alice);
    const s = await newService(alice);
    for (const c of [{}, { cron_monitor_id: m.id, service_id: s.id }]) {
      const res = await call("POST", "/status-pages", {
        token: alice.access,
        body: { slug: `bad-${Date.now()}`, title: "t", components: [c] },
      });
      expectStandardError(res, 400, "VALIDATION_ERROR");
    }
  });

  it("answers 409 CONFLICT for a slug another page uses, in any organization; a custom domain another page claims is accepted alike", async () => {
    const domain = `status-${Date.now()}.example.com`;
    const first = await createStatusPage(alice, { custom_domain: domain });
    const sameSlug = await call("POST", "/status-pages", {
      token: bob.access,
      body: { slug: first.slug, title: "Mine" },
    });
    expectStandardError(sameSlug, 409, "CONFLICT");
    expect(Object.keys(sameSlug.body.error.details)).toEqual(["slug"]);
    // A domain is a claim that serves nothing until proven (status-page-domains.test.ts): no answer tells it is taken.
    const sameDomain = await call("POST", "/status-pages", {
      token: bob.access,
      body: { slug: `other-${Date.now()}`, title: "Mine", custom_domain: domain },
    });
    expect(sameDomain.status).toBe(201);
    expect(sameDomain.body.data.custom_domain_verification).toMatchObject({ domain, status: "pending" });
  });
});

describe("status page components across users and organizations", () => {
  it("refuses another organization's cron monitor and another user's service as not found, storing nothing", async () => {
    const bobsMonitor = await createMonitor(bob);
    const bobsService = await newService(bob);
    const before = (await testDb().one<{ n: number }>("SELECT COUNT(*) AS n FROM status_pages"))!.n;
    for (const c of [{ cron_monitor_id: bobsMonitor.id }, { service_id: bobsService.id }]) {
      const res = await call("POST", "/status-pages", {
        token: alice.access,
        body: { slug: `steal-${Date.now()}`, title: "t", components: [c] },
      });
      expectStandardError(res, 400, "VALIDATION_ERROR");
      expect(Object.keys(res.body.error.details)).toEqual(["components.0"]);
    }
    expect((await testDb().one<{ n: number }>("SELECT COUNT(*) AS n FROM status_pages"))!.n).toBe(before);
  });

  it("hides a page from another organization: read, change and delete answer 404 and change nothing", async () => {
    const page = await createStatusPage(alice, { title: "Alice's" });
    expectStandardError(await call("GET", `/status-pages/${page.id}`, { token: bob.access }), 404, "NOT_FOUND");
    expectStandardError(
      await call("PATCH", `/status-pages/${page.id}`, { token: bob.access, body: { title: "Bob's now" } }),
      404,
      "NOT_FOUND",
    );
    expectStandardError(await call("DELETE", `/status-pages/${page.id}`, { token: bob.access }), 404, "NOT_FOUND");
    const list = await call("GET", "/status-pages", { token: bob.access });
    expect(list.body.data.map((p: { id: number }) => p.id)).not.toContain(page.id);
    const mine = await call("GET", `/status-pages/${page.id}`, { token: alice.access });
    expect(mine.body.data.title).toBe("Alice's");
  });

  it("lets a service token read pages with cronmonitor.view but not create without cronmonitor.create", async () => {
    const page = await createStatusPage(alice);
    const viewer = await serviceToken(alice, ["cronmonitor.view"]);
    expect((await call("GET", `/status-pages/${page.id}`, { token: viewer })).status).toBe(200);
    expectStandardError(
      await call("POST", "/status-pages", { token: viewer, body: { slug: `tok-${Date.now()}`, title: "t" } }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("status page edit and delete", () => {
  it("replaces the component list in the given order and keeps other fields", async () => {
    const [a, b] = [await createMonitor(alice), await createMonitor(alice)];
    const page = await createStatusPage(alice, {
      components: [{ cron_monitor_id: a.id }, { cron_monitor_id: b.id }],
      description: "keep me",
    });
    const res = await call("PATCH", `/status-pages/${page.id}`, {
      token: alice.access,
      body: { components: [{ cron_monitor_id: b.id, group: "Jobs" }], title: "Renamed", show_uptime: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: "Renamed", description: "keep me", show_uptime: false });
    expect(res.body.data.components.map((c: { id: number; group: string }) => [c.id, c.group])).toEqual([
      [b.id, "Jobs"],
    ]);
    const rows = await testDb().query("SELECT cron_monitor_id FROM status_page_components WHERE page_id = ?", [
      page.id,
    ]);
    expect(rows.map((r) => r.cron_monitor_id)).toEqual([b.id]);
  });

  it("forgets the password when the page stops asking for one", async () => {
    const page = await createStatusPage(alice, { visibility: "password", password: "long enough pw" });
    const res = await call("PATCH", `/status-pages/${page.id}`, {
      token: alice.access,
      body: { visibility: "members" },
    });
    expect(res.body.data).toMatchObject({ visibility: "members", has_password: false });
    const back = await call("PATCH", `/status-pages/${page.id}`, {
      token: alice.access,
      body: { visibility: "password" },
    });
    expectStandardError(back, 400, "VALIDATION_ERROR");
  });

  it("deletes a page with its components (204), then answers 404", async () => {
    const m = await createMonitor(alice);
    const page = await createStatusPage(alice, { components: [{ cron_monitor_id: m.id }] });
    const del = await call("DELETE", `/status-pages/${page.id}`, { token: alice.access });
    expect(del.status).toBe(204);
    expectStandardError(await call("GET", `/status-pages/${page.id}`, { token: alice.access }), 404, "NOT_FOUND");
    expect(
      (await testDb().one<{ n: number }>("SELECT COUNT(*) AS n FROM status_page_components WHERE page_id = ?", [
        page.id,
      ]))!.n,
    ).toBe(0);
  });

  it("drops a deleted cron monitor from the page", async () => {
    const m = await createMonitor(alice);
    const page = await createStatusPage(alice, { components: [{ cron_monitor_id: m.id }] });
    expect((await call("DELETE", `/cron-monitors/${m.id}`, { token: alice.access })).status).toBe(204);
    expect((await call("GET", `/status-pages/${page.id}`, { token: alice.access })).body.data.components).toEqual([]);
  });
});

describe("status pages on the dashboard face", () => {
  it("creates and lists through tRPC with the same rules as REST", async () => {
    const cookie = await dashboardCookie(baseUrl(), alice.email, alice.password);
    const slug = `dash-${Date.now()}`;
    const created = await trpcMutation(
      baseUrl(),
      "statusPages.create",
      { slug, title: "From the dashboard" },
      { cookie },
    );
    expect(created.status).toBe(200);
    const listed = await trpcQuery(baseUrl(), "statusPages.list", undefined, { cookie });
    expect(listed.body.result.data.data.map((p: { slug: string }) => p.slug)).toContain(slug);
    const taken = await trpcMutation(baseUrl(), "statusPages.create", { slug, title: "Again" }, { cookie });
    expect(taken.status).toBe(409);
    expect(taken.body.error.data.appCode).toBe("CONFLICT");
  });
});

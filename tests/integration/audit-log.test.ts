import { beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { dashboardCookie, trpcQuery } from "../support/dashboard";
import { monitorBody } from "../support/seed";
import { databaseKind, rows, testDb } from "../support/db";
import { sweep } from "../support/sweeper";
import * as OTPAuth from "otpauth";

// The audit log through the real server: each kind of change recorded with its actor, address and
// changed fields; no secret in any entry (each secret this file sets is searched for); readable by
// owners, admins and audit.read tokens only, never by members, viewers, a removed member or another
// organization; and a refused change records nothing.

const tag = crypto.randomUUID().slice(0, 8);
const secrets = {
  urlPassword: `hook-pass-${tag}`,
  urlToken: `url-token-${tag}`,
  webhookSecret: `signing-secret-${tag}-0123456789`,
  clientSecret: `client-secret-${tag}`,
  newPassword: `new-password-${tag}`,
  serviceToken: "", // filled when issued
};

let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let reader: string; // a service token with audit.read

const from = (n: number) => ({ "x-forwarded-for": `203.0.113.${n}` });
const log = (token: string, query = "", headers: Record<string, string> = {}) =>
  call("GET", `/audit-log${query}`, { token, headers: { "x-org-slug": owner.orgSlug, ...headers } });

const find2 = (all: any[], action: string) => all.find((e) => e.action === action);

async function entries(query = ""): Promise<any[]> {
  const res = await log(owner.access, query);
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  [owner, admin, member, viewer, outsider] = (await Promise.all(
    ["audit-owner", "audit-admin", "audit-member", "audit-viewer", "audit-outsider"].map((n) => registerUser(n)),
  )) as [TestUser, TestUser, TestUser, TestUser, TestUser];
  for (const [user, role] of [
    [admin, "admin"],
    [member, "member"],
    [viewer, "viewer"],
  ] as const) {
    const added = await call("POST", `/orgs/${owner.orgSlug}/members`, {
      token: owner.access,
      body: { email: user.email, role },
      headers: from(1),
    });
    expect(added.status).toBe(201);
  }
  const issued = await call("POST", `/orgs/${owner.orgSlug}/service-tokens`, {
    token: owner.access,
    body: { name: "siem export", capabilities: ["audit.read", "cronmonitor.create", "cronmonitor.view"] },
    headers: from(2),
  });
  expect(issued.status).toBe(201);
  reader = secrets.serviceToken = issued.body.data.token;
});

describe("audit log", () => {
  it("records creates, updates with the changed fields and deletes, with who and from where", async () => {
    const created = await call("POST", "/cron-monitors", {
      token: owner.access,
      body: monitorBody({ name: `nightly-${tag}` }),
      headers: { ...from(10), "x-org-slug": owner.orgSlug },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const updated = await call("PATCH", `/cron-monitors/${id}`, {
      token: owner.access,
      body: { name: `nightly-${tag}-renamed`, grace_seconds: 120 },
      headers: { ...from(11), "x-org-slug": owner.orgSlug },
    });
    expect(updated.status).toBe(200);
    const byToken = await call("POST", "/cron-monitors", { token: reader, body: monitorBody(), headers: from(12) });
    expect(byToken.status).toBe(201);
    const deleted = await call("DELETE", `/cron-monitors/${id}`, {
      token: owner.access,
      headers: { ...from(13), "x-org-slug": owner.orgSlug },
    });
    expect(deleted.status).toBe(204);

    const mine = await entries(`?object_type=cron-monitors&object_id=${id}`);
    expect(mine.map((e) => e.action)).toEqual(["cronMonitors.delete", "cronMonitors.update", "cronMonitors.create"]);
    const [del, upd, cre] = mine;
    expect(cre).toMatchObject({
      actor: { type: "user", id: owner.id, label: owner.email },
      address: "203.0.113.10",
      object_type: "cron-monitors",
      object_id: String(id),
      changes: { name: `nightly-${tag}`, schedule_kind: "cron" },
    });
    expect(upd).toMatchObject({
      address: "203.0.113.11",
      changes: { name: `nightly-${tag}-renamed`, grace_seconds: 120 },
    });
    expect(del).toMatchObject({ address: "203.0.113.13", changes: {} });
    expect(cre.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const tokenEntries = await entries(`?actor_type=service_token&action=cronMonitors.create`);
    expect(tokenEntries[0]).toMatchObject({
      actor: { type: "service_token", label: "siem export" },
      address: "203.0.113.12",
      object_id: String(byToken.body.data.id),
    });
  });

  it("records members, roles, tokens, integrations, single sign-on settings and sign-ins, and holds no secret", async () => {
    const role = await call("PATCH", `/orgs/${owner.orgSlug}/members/${viewer.id}`, {
      token: owner.access,
      body: { role: "member" },
      headers: from(20),
    });
    expect(role.status).toBe(200);
    await call("PATCH", `/orgs/${owner.orgSlug}/members/${viewer.id}`, {
      token: owner.access,
      body: { role: "viewer" },
    });
    const hook = await call("POST", "/integrations", {
      token: admin.access,
      body: {
        name: "ops hook",
        kind: "webhook",
        url: `http://hook-user:${secrets.urlPassword}@127.0.0.1:9/in?token=${secrets.urlToken}&team=ops`,
        secret: secrets.webhookSecret,
      },
      headers: { ...from(21), "x-org-slug": owner.orgSlug },
    });
    expect(hook.status).toBe(201);
    const sso = await call("PUT", `/orgs/${owner.orgSlug}/sso`, {
      token: owner.access,
      body: { issuer: "https://idp.example.test", client_id: "lifeline", client_secret: secrets.clientSecret },
      headers: from(22),
    });
    expect(sso.status).toBe(200);
    const temp = await call("POST", `/orgs/${owner.orgSlug}/service-tokens`, {
      token: owner.access,
      body: { name: "temporary", capabilities: ["cronmonitor.view"] },
    });
    const revoked = await call("DELETE", `/orgs/${owner.orgSlug}/service-tokens/${temp.body.data.id}`, {
      token: owner.access,
      headers: from(23),
    });
    expect(revoked.status).toBe(204);
    expect(
      (
        await call("POST", "/auth/login", {
          body: { email: member.email, password: "wrong password" },
          headers: from(24),
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call("POST", "/auth/login", {
          body: { email: member.email, password: member.password },
          headers: from(25),
        })
      ).status,
    ).toBe(200);

    const changed = await call("POST", "/users/password", {
      token: viewer.access,
      body: { current_password: viewer.password, new_password: secrets.newPassword },
      headers: from(26),
    });
    expect(changed.status).toBe(204);

    const all = await entries("?limit=100");
    expect(find2(all, "users.changePassword")).toMatchObject({
      actor: { id: viewer.id },
      object_type: "account",
      address: "203.0.113.26",
      changes: { current_password: "[changed]", new_password: "[changed]" },
    });
    const find = (action: string) => all.find((e) => e.action === action);
    expect(find("orgs.addMember")).toMatchObject({
      object_type: "members",
      changes: { role: "viewer" },
      address: "203.0.113.1",
    });
    expect(all.find((e) => e.action === "orgs.changeMember" && e.address === "203.0.113.20")).toMatchObject({
      object_id: String(viewer.id),
      changes: { role: "member" },
    });
    expect(find("orgs.createServiceToken")).toMatchObject({ object_type: "service-tokens" });
    expect(find("orgs.revokeServiceToken")).toMatchObject({
      object_id: String(temp.body.data.id),
      address: "203.0.113.23",
    });
    const integration = find("integrations.create");
    expect(integration).toMatchObject({
      actor: { label: admin.email },
      changes: { secret: "[changed]", kind: "webhook" },
    });
    expect(integration.changes.url).toBe("http://%5Bredacted%5D@127.0.0.1:9/in?token=%5Bredacted%5D&team=ops");
    expect(find("orgs.setSso")).toMatchObject({ changes: { client_secret: "[changed]", client_id: "lifeline" } });
    await expect.poll(async () => (await entries("?action=sign_in_failed")).length).toBeGreaterThan(0);
    const failed = (await entries("?action=sign_in_failed"))[0];
    expect(failed).toMatchObject({
      actor: { label: member.email },
      address: "203.0.113.24",
      changes: { method: "password" },
    });
    expect((await entries("?action=sign_in"))[0]).toMatchObject({ actor: { id: member.id }, address: "203.0.113.25" });

    const text = (await log(owner.access, "?limit=100")).text;
    for (const [name, secret] of Object.entries(secrets)) expect(text, name).not.toContain(secret);
    for (const user of [owner, admin, member, viewer]) expect(text).not.toContain(user.password);
  });

  it("filters by time and pages", async () => {
    const future = await entries(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future).toEqual([]);
    const page = await log(owner.access, "?limit=2&page=2");
    expect(page.body.meta).toMatchObject({ page: 2, limit: 2 });
    expect(page.body.data).toHaveLength(2);
    const bad = await log(owner.access, "?from=yesterday");
    expectStandardError(bad, 400, "VALIDATION_ERROR");
  });

  it("is readable by owners, admins and audit.read tokens only, on both faces", async () => {
    expect((await log(admin.access)).status).toBe(200);
    expect((await log(reader)).status).toBe(200);
    expectStandardError(await log(member.access), 403, "FORBIDDEN");
    expectStandardError(await log(viewer.access), 403, "FORBIDDEN");
    expectStandardError(await log(outsider.access), 403, "FORBIDDEN");
    // Another organization's log holds none of this one's entries.
    const theirs = await call("GET", "/audit-log", { token: outsider.access });
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain(owner.email);
    const cookie = await dashboardCookie(baseUrl(), member.email, member.password);
    const dashboard = await trpcQuery(baseUrl(), "auditLog.list", {}, { cookie, "x-org-slug": owner.orgSlug });
    expect(dashboard.status).toBe(403);
    const ownerCookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    const ownerView = await trpcQuery(
      baseUrl(),
      "auditLog.list",
      {},
      { cookie: ownerCookie, "x-org-slug": owner.orgSlug },
    );
    expect(ownerView.status).toBe(200);
    // A removed admin reads nothing any more.
    const removed = await call("DELETE", `/orgs/${owner.orgSlug}/members/${admin.id}`, { token: owner.access });
    expect(removed.status).toBe(204);
    expectStandardError(await log(admin.access), 403, "FORBIDDEN");
    expect((await entries("?action=orgs.removeMember"))[0]).toMatchObject({ object_id: String(admin.id) });
  });

  it("records nothing for a change that is refused", async () => {
    const before = (await log(owner.access)).body.meta.total;
    const invalid = await call("POST", "/cron-monitors", {
      token: owner.access,
      body: monitorBody({ cron_expression: "not a schedule" }),
      headers: { "x-org-slug": owner.orgSlug },
    });
    expect(invalid.status).toBe(400);
    const missing = await call("DELETE", "/cron-monitors/2147483000", {
      token: owner.access,
      headers: { "x-org-slug": owner.orgSlug },
    });
    expect(missing.status).toBe(404);
    const forbidden = await call("POST", "/cron-monitors", {
      token: viewer.access,
      body: monitorBody(),
      headers: { "x-org-slug": owner.orgSlug },
    });
    expect(forbidden.status).toBe(403);
    expect((await log(owner.access)).body.meta.total).toBe(before);
  });

  it("records the creation of an organization in the new organization's log", async () => {
    const created = await call("POST", "/orgs", {
      token: admin.access,
      body: { name: `Audit branch ${tag}` },
      headers: from(40),
    });
    expect(created.status).toBe(201);
    const { id, slug } = created.body.data;
    const theirs = await log(admin.access, "", { "x-org-slug": slug });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([
      expect.objectContaining({
        action: "orgs.create",
        actor: { type: "user", id: admin.id, label: admin.email },
        address: "203.0.113.40",
        object_type: "organization",
        object_id: String(id),
        changes: { name: `Audit branch ${tag}` },
      }),
    ]);
  });

  it("records a wrong second factor at sign-in as a failed sign-in of the member", async () => {
    const enrolled = await call("POST", "/auth/two-factor/totp", { token: member.access });
    expect(enrolled.status).toBe(201);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.body.data.secret), period: 30 });
    const confirmed = await call("POST", "/auth/two-factor/totp/confirm", {
      token: member.access,
      body: { code: totp.generate() },
    });
    expect(confirmed.status).toBe(200);
    const first = await call("POST", "/auth/login", {
      body: { email: member.email, password: member.password },
      headers: from(41),
    });
    expectStandardError(first, 401, "SECOND_FACTOR_REQUIRED");
    const wrong = await call("POST", "/auth/login/second-factor", {
      body: { challenge: first.body.error.challenge, code: "000000" },
      headers: from(42),
    });
    expectStandardError(wrong, 401, "UNAUTHORIZED");
    const failed = await entries(`?action=sign_in_failed&actor_id=${member.id}`);
    expect(failed[0]).toMatchObject({
      actor: { type: "user", id: member.id, label: member.email },
      address: "203.0.113.42",
      object_type: "session",
      changes: { method: "second_factor" },
    });
    expect(JSON.stringify(failed)).not.toContain(enrolled.body.data.secret);
  });

  it("commits a change and its entry together: an entry that cannot be written undoes the change, a change that fails records nothing", async () => {
    // Database triggers (test-only) refuse audit entries that mention `poison` and monitor updates to `explode`.
    const poison = `poison-${tag}`;
    const explode = `explode-${tag}`;
    const db = testDb();
    const fn = `refuse_${tag.replace(/-/g, "")}`;
    if (databaseKind() === "postgresql") {
      await db.run(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
          IF TG_TABLE_NAME = 'audit_entries' THEN
            IF NEW.changes LIKE '%${poison}%' THEN RAISE EXCEPTION 'refused'; END IF;
          ELSIF NEW.name = '${explode}' THEN
            RAISE EXCEPTION 'refused';
          END IF;
          RETURN NEW;
        END $body$`);
      await db.run(`CREATE TRIGGER ${fn}_a BEFORE INSERT ON audit_entries FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
      await db.run(`CREATE TRIGGER ${fn}_m BEFORE UPDATE ON cron_monitors FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    } else {
      await db.run(`CREATE TRIGGER ${fn}_a BEFORE INSERT ON audit_entries WHEN NEW.changes LIKE '%${poison}%'
        BEGIN SELECT RAISE(ABORT, 'refused'); END`);
      await db.run(`CREATE TRIGGER ${fn}_m BEFORE UPDATE ON cron_monitors WHEN NEW.name = '${explode}'
        BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    }
    try {
      const headers = { "x-org-slug": owner.orgSlug };
      const before = (await log(owner.access)).body.meta.total;
      // A create (the monitor insert with its entry in one statement or transaction).
      const create = await call("POST", "/cron-monitors", {
        token: owner.access,
        body: monitorBody({ name: poison }),
        headers,
      });
      expect(create.status).toBe(500);
      expect(await rows("SELECT id FROM cron_monitors WHERE name = ?", poison)).toEqual([]);
      // An update (one Prisma write with its entry in a transaction).
      const kept = await call("POST", "/cron-monitors", {
        token: owner.access,
        body: monitorBody({ name: `kept-${tag}` }),
        headers,
      });
      expect(kept.status).toBe(201);
      const id = kept.body.data.id;
      const rename = await call("PATCH", `/cron-monitors/${id}`, {
        token: owner.access,
        body: { name: poison },
        headers,
      });
      expect(rename.status).toBe(500);
      // A change made in a transaction of its own (the organization and its owner's membership).
      const org = await call("POST", "/orgs", { token: owner.access, body: { name: poison } });
      expect(org.status).toBe(500);
      expect(await rows("SELECT id FROM organizations WHERE name = ?", poison)).toEqual([]);
      // The change fails in the database after its entry was prepared: nothing is recorded.
      const fails = await call("PATCH", `/cron-monitors/${id}`, {
        token: owner.access,
        body: { name: explode },
        headers,
      });
      expect(fails.status).toBe(500);
      const shown = await call("GET", `/cron-monitors/${id}`, { token: owner.access, headers });
      expect(shown.body.data.name).toBe(`kept-${tag}`);
      expect((await log(owner.access)).body.meta.total).toBe(before + 1);
      const after = await entries("?limit=100");
      expect(after[0]).toMatchObject({ action: "cronMonitors.create", object_id: String(id) });
      expect(JSON.stringify(after)).not.toContain(poison);
      expect(JSON.stringify(after)).not.toContain(explode);
    } finally {
      await db.run(`DROP TRIGGER ${fn}_a${databaseKind() === "postgresql" ? " ON audit_entries" : ""}`);
      await db.run(`DROP TRIGGER ${fn}_m${databaseKind() === "postgresql" ? " ON cron_monitors" : ""}`);
      if (databaseKind() === "postgresql") await db.run(`DROP FUNCTION ${fn}()`);
    }
  });

  it("a sweep deletes entries older than the organization's plan keeps, and only those", async () => {
    const [org] = await rows<{ id: number; plan: string }>(
      "SELECT id, plan FROM organizations WHERE slug = ?",
      owner.orgSlug,
    );
    expect(org!.plan).toBe("free"); // keeps 30 days (plans.ts)
    const day = 86_400_000;
    const insert = (daysAgo: number, action: string) =>
      testDb().run(
        `INSERT INTO audit_entries (org_id, at, actor_type, actor_id, actor_label, address, action, object_type, object_id, changes)
         VALUES (?, ?, 'user', ?, ?, NULL, ?, 'test', NULL, '{}')`,
        [org!.id, new Date(Date.now() - daysAgo * day), owner.id, owner.email, action],
      );
    await insert(31, `old-${tag}`);
    await insert(29, `recent-${tag}`);
    const swept = await sweep(null);
    expect(swept.code, swept.stderr).toBe(0);
    expect(swept.report!.counts.audit_deleted).toBeGreaterThanOrEqual(1);
    const left = await rows<{ action: string }>(
      "SELECT action FROM audit_entries WHERE org_id = ? AND object_type = 'test'",
      org!.id,
    );
    expect(left.map((r) => r.action)).toEqual([`recent-${tag}`]);
  });
});

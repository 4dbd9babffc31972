import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { baseUrl, call, expectStandardError, registerUser, serviceToken, type TestUser } from "../support/http";
import { createMonitor, monitorBody } from "../support/seed";
import { dashboardCookie, trpcQuery } from "../support/dashboard";
import { newService } from "../support/projects";

let alice: TestUser;
let monitor: Record<string, any>;
beforeAll(async () => {
  alice = await registerUser("alice");
  monitor = await createMonitor(alice, { name: "alice-job" });
});

const stored = (id: number) =>
  testDb().one<{ name: string; ping_token: string; paused: number }>(
    `SELECT name, ping_token, paused FROM cron_monitors WHERE id = ?`,
    [id],
  );

/** Every route on one monitor, as [method, path, body]. */
const routesOn = (id: number): [string, string, unknown][] => [
  ["GET", `/cron-monitors/${id}`, undefined],
  ["PATCH", `/cron-monitors/${id}`, { name: "stolen", paused: true }],
  ["POST", `/cron-monitors/${id}/token`, undefined],
  ["DELETE", `/cron-monitors/${id}`, undefined],
];

describe("organization isolation", () => {
  it("shows another organization's monitor as 404 on every route and leaves it unchanged", async () => {
    const bob = await registerUser("bob");
    const bobToken = await serviceToken(bob, [
      "cronmonitor.view",
      "cronmonitor.create",
      "cronmonitor.edit",
      "cronmonitor.delete",
    ]);
    const before = await stored(monitor.id);
    for (const token of [bob.access, bobToken]) {
      for (const [method, path, body] of routesOn(monitor.id)) {
        expectStandardError(await call(method, path, { token, body }), 404, "NOT_FOUND");
      }
      const list = await call("GET", "/cron-monitors", { token });
      expect(list.body.data.map((m: { id: number }) => m.id)).not.toContain(monitor.id);
    }
    expect(await stored(monitor.id)).toEqual(before);
  });

  it("never finds another organization's monitors or another user's services by name, on either face", async () => {
    const word = `zebra${crypto.randomUUID().slice(0, 6)}`;
    const theirs = await createMonitor(alice, { name: `${word} nightly` });
    const theirService = await newService(alice, { name: `${word} api` });
    const bob = await registerUser("bob");
    const mine = await createMonitor(bob, { name: `${word.toUpperCase()} weekly` });
    const myService = await newService(bob, { name: `${word.toUpperCase()} web` });
    const bobToken = await serviceToken(bob, ["cronmonitor.view"]);
    const q = encodeURIComponent(word);
    for (const token of [bob.access, bobToken]) {
      const found = await call("GET", `/cron-monitors?search=${q}`, { token });
      expect(found.status).toBe(200);
      expect(found.body.data.map((m: { id: number }) => m.id)).toEqual([mine.id]);
      expect(found.body.meta.total).toBe(1);
      // A name only the other organization has: nothing, and a total that tells nothing either.
      const only = await call("GET", `/cron-monitors?search=${encodeURIComponent(`${word} nightly`)}`, { token });
      expect(only.body).toMatchObject({ data: [], meta: { total: 0 } });
    }
    const services = await call("GET", `/services?search=${q}`, { token: bob.access });
    expect(services.status).toBe(200);
    expect(services.body.data.map((s: { id: number }) => s.id)).toEqual([myService.id]);
    expect(services.body.meta.total).toBe(1);

    const cookie = await dashboardCookie(baseUrl(), bob.email, bob.password);
    const list = await trpcQuery(baseUrl(), "cronMonitors.list", { search: word, page: 1, limit: 20 }, { cookie });
    expect(list.status, list.text).toBe(200);
    expect(list.body.result.data.data.map((m: { id: number }) => m.id)).toEqual([mine.id]);
    const svc = await trpcQuery(baseUrl(), "services.list", { search: word, page: 1, limit: 20 }, { cookie });
    expect(svc.body.result.data.data.map((s: { id: number }) => s.id)).toEqual([myService.id]);
    expect([theirs.id, theirService.id]).not.toContain(undefined);

    // A search longer than a name can be is refused, keyed by the field, on both faces.
    const long = "x".repeat(129);
    const refused = await call("GET", `/cron-monitors?search=${long}`, { token: bob.access });
    expectStandardError(refused, 400, "VALIDATION_ERROR");
    expect(refused.body.error.details).toHaveProperty("search");
    const tooLong = await trpcQuery(baseUrl(), "services.list", { search: long, page: 1, limit: 20 }, { cookie });
    expect(tooLong.status).toBe(400);
  });

  it("refuses a member of organization A naming organization B in X-Org-Slug with 403", async () => {
    const bob = await registerUser("bob");
    const headers = { "X-Org-Slug": alice.orgSlug };
    expectStandardError(await call("GET", "/cron-monitors", { token: bob.access, headers }), 403, "FORBIDDEN");
    expectStandardError(
      await call("GET", `/cron-monitors/${monitor.id}`, { token: bob.access, headers }),
      403,
      "FORBIDDEN",
    );
    expectStandardError(
      await call("POST", "/cron-monitors", { token: bob.access, headers, body: monitorBody() }),
      403,
      "FORBIDDEN",
    );
    expectStandardError(
      await call("PATCH", `/cron-monitors/${monitor.id}`, { token: bob.access, headers, body: { name: "x" } }),
      403,
      "FORBIDDEN",
    );
    expect(await stored(monitor.id)).toMatchObject({ name: "alice-job" });
  });

  it("acts in the organization named by X-Org-Slug for a member", async () => {
    const bob = await registerUser("bob");
    await call("POST", `/orgs/${alice.orgSlug}/members`, {
      token: alice.access,
      body: { email: bob.email, role: "member" },
    });
    const headers = { "X-Org-Slug": alice.orgSlug };
    const created = await createMonitor(bob, { name: "bob-in-alice" }, headers);
    const aliceSees = await call("GET", `/cron-monitors/${created.id}`, { token: alice.access });
    expect(aliceSees.body.data.name).toBe("bob-in-alice");
    expectStandardError(await call("GET", `/cron-monitors/${created.id}`, { token: bob.access }), 404, "NOT_FOUND");
    // members hold view, create and edit, but not delete
    expectStandardError(
      await call("DELETE", `/cron-monitors/${created.id}`, { token: bob.access, headers }),
      403,
      "FORBIDDEN",
    );
    expect(
      (await call("PATCH", `/cron-monitors/${created.id}`, { token: bob.access, headers, body: { paused: true } }))
        .status,
    ).toBe(200);
  });

  it("needs a credential", async () => {
    expectStandardError(await call("GET", "/cron-monitors"), 401, "UNAUTHORIZED");
    expectStandardError(await call("POST", "/cron-monitors", { body: monitorBody() }), 401, "UNAUTHORIZED");
    expectStandardError(
      await call("GET", `/cron-monitors/${monitor.id}`, { token: "llst_not-a-token" }),
      401,
      "UNAUTHORIZED",
    );
  });
});

describe("capabilities (spec 5.4)", () => {
  async function expectViewOnly(token: string, headers?: Record<string, string>) {
    const before = await stored(monitor.id);
    expect((await call("GET", "/cron-monitors", { token, headers })).status).toBe(200);
    const read = await call("GET", `/cron-monitors/${monitor.id}`, { token, headers });
    expect(read.status).toBe(200);
    expect(read.body.data.ping_token).toBe((await stored(monitor.id))!.ping_token); // the ping URL is part of "view"
    expectStandardError(
      await call("POST", "/cron-monitors", { token, headers, body: monitorBody() }),
      403,
      "FORBIDDEN",
    );
    for (const [method, path, body] of routesOn(monitor.id).slice(1)) {
      expectStandardError(await call(method, path, { token, headers, body }), 403, "FORBIDDEN");
    }
    expect(await stored(monitor.id)).toEqual(before);
  }

  it("lets a service token holding only cronmonitor.view list and read, and nothing else", async () => {
    await expectViewOnly(await serviceToken(alice, ["cronmonitor.view"]));
  });

  it("lets a viewer member list and read, and nothing else", async () => {
    const charlie = await registerUser("charlie");
    await call("POST", `/orgs/${alice.orgSlug}/members`, {
      token: alice.access,
      body: { email: charlie.email, role: "viewer" },
    });
    await expectViewOnly(charlie.access, { "X-Org-Slug": alice.orgSlug });
  });

  it("grants each route by its own capability to service tokens", async () => {
    const creator = await serviceToken(alice, ["cronmonitor.create"]);
    const created = await call("POST", "/cron-monitors", { token: creator, body: monitorBody() });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expectStandardError(await call("GET", `/cron-monitors/${id}`, { token: creator }), 403, "FORBIDDEN");
    const editor = await serviceToken(alice, ["cronmonitor.edit"]);
    expect((await call("PATCH", `/cron-monitors/${id}`, { token: editor, body: { name: "edited" } })).status).toBe(200);
    expect((await call("POST", `/cron-monitors/${id}/token`, { token: editor })).status).toBe(200);
    expectStandardError(await call("DELETE", `/cron-monitors/${id}`, { token: editor }), 403, "FORBIDDEN");
    const deleter = await serviceToken(alice, ["cronmonitor.delete"]);
    expect((await call("DELETE", `/cron-monitors/${id}`, { token: deleter })).status).toBe(204);
  });

  it("refuses a create-only token's upsert that would update an existing monitor with 403 and leaves it unchanged, while it still creates new pairs", async () => {
    const pair = { source: "kubernetes", external_id: `backup-${crypto.randomUUID().slice(0, 8)}` };
    const editor = await serviceToken(alice, ["cronmonitor.create", "cronmonitor.edit"]);
    const first = await call("POST", "/cron-monitors", {
      token: editor,
      body: monitorBody({ ...pair, name: "nightly" }),
    });
    expect(first.status).toBe(201);
    const row = () => testDb().one(`SELECT * FROM cron_monitors WHERE id = ?`, [first.body.data.id]);
    const before = await row();

    const creator = await serviceToken(alice, ["cronmonitor.create"]);
    const takeover = monitorBody({ ...pair, name: "taken over", paused: true, cron_expression: "0 0 1 1 *" });
    const refused = await call("POST", "/cron-monitors", { token: creator, body: takeover });
    expectStandardError(refused, 403, "FORBIDDEN");
    expect(refused.body.error.message).toContain("cronmonitor.edit");
    expect(await row()).toEqual(before);

    const fresh = await call("POST", "/cron-monitors", {
      token: creator,
      body: monitorBody({ source: "kubernetes", external_id: `${pair.external_id}-new` }),
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.data.managed).toBe(true);

    const updated = await call("POST", "/cron-monitors", { token: editor, body: takeover });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: first.body.data.id, name: "taken over", paused: true });
  });
});

import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { databaseEnv, testDb } from "../support/db";
import { call, expectStandardError, registerUser, serviceToken } from "../support/http";

describe("organizations, members and capabilities", () => {
  it("acts in the default organization, or the one named by X-Org-Slug, with the role's capabilities", async () => {
    const alice = await registerUser("alice");
    const mine = await call("GET", "/orgs/current", { token: alice.access });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ slug: alice.orgSlug, role: "owner", plan: "free" });
    expect(mine.body.data.capabilities).toEqual(
      expect.arrayContaining([
        "cronmonitor.view",
        "cronmonitor.create",
        "cronmonitor.edit",
        "cronmonitor.delete",
        "metrics.read",
      ]),
    );
    const team = await call("POST", "/orgs", { token: alice.access, body: { name: "Team Rocket" } });
    expect(team.status).toBe(201);
    const there = await call("GET", "/orgs/current", {
      token: alice.access,
      headers: { "X-Org-Slug": team.body.data.slug },
    });
    expect(there.body.data.slug).toBe(team.body.data.slug);
  });

  it("lists each organization of the caller once, in the order they were made, with the caller's role in each", async () => {
    const alice = await registerUser("alice");
    const bob = await registerUser("bob");
    const team = await call("POST", "/orgs", { token: alice.access, body: { name: "Team Listed" } });
    expect(team.status).toBe(201);
    const added = await call("POST", `/orgs/${team.body.data.slug}/members`, {
      token: alice.access,
      body: { email: bob.email, role: "viewer" },
    });
    expect(added.status).toBe(201);
    const own = await call("GET", "/orgs/current", { token: bob.access });
    const bobs = await call("GET", "/orgs", { token: bob.access });
    expect(bobs.status).toBe(200);
    const { slug, name, plan } = own.body.data;
    expect(bobs.body.data).toEqual([
      {
        id: expect.any(Number),
        slug,
        name,
        plan,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        role: "owner",
      },
      { ...team.body.data, role: "viewer" },
    ]);
    const alices = await call("GET", "/orgs", { token: alice.access });
    expect(alices.body.data.map((o: { slug: string; role: string }) => [o.slug, o.role])).toEqual([
      [alice.orgSlug, "owner"],
      [team.body.data.slug, "owner"],
    ]);
  });

  it("refuses a member of org A naming org B in X-Org-Slug with 403", async () => {
    const alice = await registerUser("alice");
    const bob = await registerUser("bob");
    const res = await call("GET", "/orgs/current", { token: bob.access, headers: { "X-Org-Slug": alice.orgSlug } });
    expectStandardError(res, 403, "FORBIDDEN");
  });

  it("gives members the member and viewer capabilities and lets only owners and admins manage", async () => {
    const alice = await registerUser("alice");
    const bob = await registerUser("bob");
    const charlie = await registerUser("charlie");
    const added = await call("POST", `/orgs/${alice.orgSlug}/members`, {
      token: alice.access,
      body: { email: bob.email, role: "member" },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ user_id: bob.id, role: "member" });
    await call("POST", `/orgs/${alice.orgSlug}/members`, {
      token: alice.access,
      body: { email: charlie.email, role: "viewer" },
    });

    const bobCaps = await call("GET", "/orgs/current", { token: bob.access, headers: { "X-Org-Slug": alice.orgSlug } });
    expect(bobCaps.body.data.capabilities.sort()).toEqual([
      "cronmonitor.create",
      "cronmonitor.edit",
      "cronmonitor.view",
      "metrics.read",
    ]);
    const charlieCaps = await call("GET", "/orgs/current", {
      token: charlie.access,
      headers: { "X-Org-Slug": alice.orgSlug },
    });
    expect(charlieCaps.body.data.capabilities).toEqual(["cronmonitor.view", "metrics.read"]);

    const list = await call("GET", `/orgs/${alice.orgSlug}/members`, { token: charlie.access });
    expect(list.body.data.map((m: { email: string }) => m.email).sort()).toEqual(
      [alice.email, bob.email, charlie.email].sort(),
    );
    expectStandardError(
      await call("PATCH", `/orgs/${alice.orgSlug}/members/${charlie.id}`, {
        token: bob.access,
        body: { role: "admin" },
      }),
      403,
      "FORBIDDEN",
    );
    expectStandardError(
      await call("POST", `/orgs/${alice.orgSlug}/service-tokens`, {
        token: bob.access,
        body: { name: "x", capabilities: ["cronmonitor.view"] },
      }),
      403,
      "FORBIDDEN",
    );
    const promoted = await call("PATCH", `/orgs/${alice.orgSlug}/members/${charlie.id}`, {
      token: alice.access,
      body: { role: "admin" },
    });
    expect(promoted.body.data.role).toBe("admin");
    expect((await call("DELETE", `/orgs/${alice.orgSlug}/members/${bob.id}`, { token: charlie.access })).status).toBe(
      204,
    );
    expectStandardError(
      await call("GET", "/orgs/current", { token: bob.access, headers: { "X-Org-Slug": alice.orgSlug } }),
      403,
      "FORBIDDEN",
    );
  });

  it("keeps at least one owner", async () => {
    const alice = await registerUser("alice");
    const res = await call("DELETE", `/orgs/${alice.orgSlug}/members/${alice.id}`, { token: alice.access });
    expectStandardError(res, 400, "VALIDATION_ERROR");
  });

  it("hides another organization's members behind 403", async () => {
    const alice = await registerUser("alice");
    const bob = await registerUser("bob");
    expectStandardError(await call("GET", `/orgs/${alice.orgSlug}/members`, { token: bob.access }), 403, "FORBIDDEN");
  });
});

describe("organization service tokens", () => {
  it("shows the token once, stores only its hash and lists it without the secret", async () => {
    const alice = await registerUser("alice");
    const created = await call("POST", `/orgs/${alice.orgSlug}/service-tokens`, {
      token: alice.access,
      body: { name: "ci", capabilities: ["cronmonitor.view", "cronmonitor.edit"] },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual(["capabilities", "created_at", "id", "name", "token"]);
    const list = await call("GET", `/orgs/${alice.orgSlug}/service-tokens`, { token: alice.access });
    expect(list.body.data).toEqual([
      {
        id: created.body.data.id,
        name: "ci",
        capabilities: ["cronmonitor.view", "cronmonitor.edit"],
        created_at: expect.any(String),
      },
    ]);
    const row = (await testDb().one<{ token_hash: string }>("SELECT token_hash FROM service_tokens WHERE id = ?", [
      created.body.data.id,
    ]))!;
    expect(row.token_hash).not.toContain(created.body.data.token);
  });

  it("acts in its own organization with exactly its capabilities", async () => {
    const alice = await registerUser("alice");
    const token = await serviceToken(alice, ["cronmonitor.view"]);
    const res = await call("GET", "/orgs/current", { token });
    expect(res.body.data).toMatchObject({ slug: alice.orgSlug, role: null, capabilities: ["cronmonitor.view"] });
    const bob = await registerUser("bob");
    expectStandardError(
      await call("GET", "/orgs/current", { token, headers: { "X-Org-Slug": bob.orgSlug } }),
      403,
      "FORBIDDEN",
    );
  });

  it("is refused on user-only endpoints", async () => {
    const alice = await registerUser("alice");
    const token = await serviceToken(alice, ["cronmonitor.view"]);
    expectStandardError(await call("GET", "/auth/me", { token }), 403, "FORBIDDEN");
  });

  it("is refused with 401 at once after revocation", async () => {
    const alice = await registerUser("alice");
    const created = await call("POST", `/orgs/${alice.orgSlug}/service-tokens`, {
      token: alice.access,
      body: { name: "gone", capabilities: ["cronmonitor.view"] },
    });
    const token = created.body.data.token;
    expect((await call("GET", "/orgs/current", { token })).status).toBe(200);
    expect(
      (await call("DELETE", `/orgs/${alice.orgSlug}/service-tokens/${created.body.data.id}`, { token: alice.access }))
        .status,
    ).toBe(204);
    expectStandardError(await call("GET", "/orgs/current", { token }), 401, "UNAUTHORIZED");
    expect((await call("GET", `/orgs/${alice.orgSlug}/service-tokens`, { token: alice.access })).body.data).toEqual([]);
  });

  it("cannot be revoked by another organization's owner", async () => {
    const alice = await registerUser("alice");
    const bob = await registerUser("bob");
    const created = await call("POST", `/orgs/${alice.orgSlug}/service-tokens`, {
      token: alice.access,
      body: { name: "mine", capabilities: ["cronmonitor.view"] },
    });
    expectStandardError(
      await call("DELETE", `/orgs/${bob.orgSlug}/service-tokens/${created.body.data.id}`, { token: bob.access }),
      404,
      "NOT_FOUND",
    );
    expect((await call("GET", "/orgs/current", { token: created.body.data.token })).status).toBe(200);
  });
});

describe("plans", () => {
  it("are changed by the operator command npm run admin -- org:plan", async () => {
    const alice = await registerUser("alice");
    execFileSync("npm", ["run", "--silent", "admin", "--", "org:plan", alice.orgSlug, "pro"], {
      env: { ...process.env, ...databaseEnv() },
      stdio: "pipe",
    });
    expect((await call("GET", "/orgs/current", { token: alice.access })).body.data.plan).toBe("pro");
    expect(() =>
      execFileSync("npm", ["run", "--silent", "admin", "--", "org:plan", alice.orgSlug, "gold"], {
        env: { ...process.env, ...databaseEnv() },
        stdio: "pipe",
      }),
    ).toThrow();
  });
});

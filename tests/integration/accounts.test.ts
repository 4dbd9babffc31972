import { describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { call, expectStandardError, registerUser } from "../support/http";

describe("accounts through the REST interface", () => {
  it("registers with 201, the login shape and a personal organization owned by the new user", async () => {
    const email = `Reg-${Date.now()}@Example.test`;
    const res = await call("POST", "/auth/register", {
      body: { email, password: "a long password", first_name: "Ada" },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(["access", "refresh", "user"]);
    expect(res.body.data.user).toEqual({
      id: expect.any(Number),
      email: email.toLowerCase(),
      first_name: "Ada",
      last_name: "",
    });
    const orgs = await call("GET", "/orgs", { token: res.body.data.access });
    expect(orgs.body.data).toHaveLength(1);
    expect(orgs.body.data[0]).toMatchObject({ role: "owner", plan: "free" });
  });

  it("refuses a duplicate email case-insensitively with details keyed email", async () => {
    const user = await registerUser("dup");
    const res = await call("POST", "/auth/register", {
      body: { email: user.email.toUpperCase(), password: "another long one" },
    });
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(res.body.error.details.email).toHaveLength(1);
  });

  it("refuses passwords shorter than 10 or longer than 256 characters", async () => {
    for (const password of ["123456789", "x".repeat(257)]) {
      const res = await call("POST", "/auth/register", {
        body: { email: `p-${Math.random()}@example.test`, password },
      });
      expectStandardError(res, 400, "VALIDATION_ERROR");
      expect(Object.keys(res.body.error.details)).toEqual(["password"]);
    }
  });

  it("stores the password as an argon2id hash, never in clear", async () => {
    const user = await registerUser("hash");
    const row = (await testDb().one<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = ?", [
      user.id,
    ]))!;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(user.password);
  });

  it("answers the same 401 for a wrong email and a wrong password", async () => {
    const user = await registerUser("login");
    const ok = await call("POST", "/auth/login", { body: { email: user.email, password: user.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email).toBe(user.email);
    const wrongPassword = await call("POST", "/auth/login", {
      body: { email: user.email, password: "not the password" },
    });
    const wrongEmail = await call("POST", "/auth/login", {
      body: { email: `nobody-${user.email}`, password: user.password },
    });
    expectStandardError(wrongPassword, 401, "UNAUTHORIZED");
    expectStandardError(wrongEmail, 401, "UNAUTHORIZED");
    expect(wrongEmail.body.error.message).toBe(wrongPassword.body.error.message);
  });

  it("rotates the refresh token: the new pair works and the old refresh token fails", async () => {
    const user = await registerUser("refresh");
    const first = await call("POST", "/auth/refresh", { body: { refresh: user.refresh } });
    expect(first.status).toBe(200);
    expect(first.body.data.refresh).not.toBe(user.refresh);
    expect((await call("GET", "/auth/me", { token: first.body.data.access })).status).toBe(200);
    expectStandardError(await call("POST", "/auth/refresh", { body: { refresh: user.refresh } }), 401, "UNAUTHORIZED");
    expect((await call("POST", "/auth/refresh", { body: { refresh: first.body.data.refresh } })).status).toBe(200);
  });

  it("stores refresh tokens only as hashes", async () => {
    const user = await registerUser("refresh-hash");
    const rows = await testDb().query<{ refresh_hash: string }>("SELECT refresh_hash FROM sessions WHERE user_id = ?", [
      user.id,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.refresh_hash).not.toBe(user.refresh);
  });

  it("shows me with my default organization", async () => {
    const user = await registerUser("me");
    const res = await call("GET", "/auth/me", { token: user.access });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: user.id,
      email: user.email,
      first_name: "",
      last_name: "",
      default_org: { slug: user.orgSlug, name: expect.any(String) },
    });
  });

  it("logs out with 204: the session's access and refresh tokens both stop working at once", async () => {
    const user = await registerUser("logout");
    const res = await call("POST", "/auth/logout", { token: user.access });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expectStandardError(await call("GET", "/auth/me", { token: user.access }), 401, "UNAUTHORIZED");
    expectStandardError(await call("POST", "/auth/refresh", { body: { refresh: user.refresh } }), 401, "UNAUTHORIZED");
  });

  it("reads and updates the profile", async () => {
    const user = await registerUser("profile");
    const put = await call("PUT", "/users/profile", {
      token: user.access,
      body: { first_name: "Grace", last_name: "Hopper" },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ id: user.id, email: user.email, first_name: "Grace", last_name: "Hopper" });
    expect((await call("GET", "/users/profile", { token: user.access })).body.data.last_name).toBe("Hopper");
  });

  it("changes the password, revoking other sessions but keeping the current one", async () => {
    const user = await registerUser("password");
    const other = (await call("POST", "/auth/login", { body: { email: user.email, password: user.password } })).body
      .data;
    const wrong = await call("POST", "/users/password", {
      token: user.access,
      body: { current_password: "wrong one!!", new_password: "brand new password" },
    });
    expectStandardError(wrong, 400, "VALIDATION_ERROR");
    expect(wrong.body.error.details.current_password).toBeDefined();
    const res = await call("POST", "/users/password", {
      token: user.access,
      body: { current_password: user.password, new_password: "brand new password" },
    });
    expect(res.status).toBe(204);
    expect((await call("GET", "/auth/me", { token: user.access })).status).toBe(200);
    expectStandardError(await call("GET", "/auth/me", { token: other.access }), 401, "UNAUTHORIZED");
    expectStandardError(await call("POST", "/auth/refresh", { body: { refresh: other.refresh } }), 401, "UNAUTHORIZED");
    expectStandardError(
      await call("POST", "/auth/login", { body: { email: user.email, password: user.password } }),
      401,
      "UNAUTHORIZED",
    );
    expect(
      (await call("POST", "/auth/login", { body: { email: user.email, password: "brand new password" } })).status,
    ).toBe(200);
  });

  it("refuses missing, malformed and forged bearer tokens with 401", async () => {
    const user = await registerUser("forged");
    const [h, p] = user.access.split(".");
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Basic abc" },
      { authorization: "Bearer nonsense" },
      { authorization: `Bearer ${h}.${p}.forgedsignature` },
    ]) {
      expectStandardError(await call("GET", "/auth/me", { headers }), 401, "UNAUTHORIZED");
    }
  });
});

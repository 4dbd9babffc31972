import { describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { softwareAuthenticator } from "../support/software-authenticator";
import { dashboardCookie, trpcQuery } from "../support/dashboard";

// Two-factor sign-in through the real server: TOTP enrolment and sign-in with codes computed here
// from the secret the enrolment showed, a replayed code refused, wrong codes throttled, recovery
// codes used once, an organization requiring a second factor, and removal needing a fresh one.
// Each test claims its own client address (X-Forwarded-For; the test server trusts loopback).

let claimed = 0;
const address = () => `198.51.100.${200 + ++claimed}`;

/** Codes of a secret, each of a time step later than the last one given (as the server requires). */
function authenticator(secret: string) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  let last = -Infinity;
  return {
    next(): string {
      const current = Math.floor(Date.now() / 30_000);
      const step = Math.max(current - 1, last + 1);
      if (step > current + 1) throw new Error("no fresh code inside the window");
      last = step;
      return totp.generate({ timestamp: step * 30_000 });
    },
  };
}

async function enrolTotp(user: TestUser) {
  const start = await call("POST", "/auth/two-factor/totp", { token: user.access });
  expect(start.status).toBe(201);
  const { secret, otpauth_uri, qr_svg } = start.body.data;
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Lifeline:/);
  expect(otpauth_uri).toContain(`secret=${secret}`);
  expect(qr_svg).toMatch(/^<svg/);
  const codes = authenticator(secret);
  const confirm = await call("POST", "/auth/two-factor/totp/confirm", {
    token: user.access,
    body: { code: codes.next() },
    headers: { "x-forwarded-for": address() },
  });
  expect(confirm.status).toBe(200);
  expect(confirm.body.data.recovery_codes).toHaveLength(10);
  return { secret, codes, recovery: confirm.body.data.recovery_codes as string[] };
}

const login = (user: TestUser, from = address()) =>
  call("POST", "/auth/login", {
    body: { email: user.email, password: user.password },
    headers: { "x-forwarded-for": from },
  });

async function challenge(user: TestUser, from = address()): Promise<string> {
  const res = await login(user, from);
  expectStandardError(res, 401, "SECOND_FACTOR_REQUIRED");
  expect(res.body.error.methods).toEqual(["totp", "recovery_code"]);
  expect(res.body.error.challenge).toEqual(expect.any(String));
  return res.body.error.challenge;
}

const second = (body: Record<string, unknown>, from = address()) =>
  call("POST", "/auth/login/second-factor", { body, headers: { "x-forwarded-for": from } });

describe("TOTP two-factor sign-in", () => {
  it("enrols with a first code, then signs in with the password and a code, and refuses the same code again", async () => {
    const user = await registerUser("totp");
    const before = await login(user);
    expect(before.status).toBe(200); // no second factor yet: the login answers as always
    const { secret, codes } = await enrolTotp(user);

    const status = await call("GET", "/auth/two-factor", { token: user.access });
    expect(status.body.data).toMatchObject({ enabled: true, totp: true, recovery_codes_left: 10 });
    expect(status.text).not.toContain(secret);
    const again = await call("POST", "/auth/two-factor/totp", { token: user.access });
    expectStandardError(again, 409, "CONFLICT");

    const code = codes.next();
    const signedIn = await second({ challenge: await challenge(user), code });
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body.data).sort()).toEqual(["access", "refresh", "user"]);
    expect(signedIn.headers.get("x-device-token")).toEqual(expect.any(String));
    const me = await call("GET", "/auth/me", { token: signedIn.body.data.access });
    expect(me.body.data.email).toBe(user.email);

    const replay = await second({ challenge: await challenge(user), code });
    expectStandardError(replay, 401, "UNAUTHORIZED");
    // A challenge is used once.
    const used = await second({ challenge: signedIn.body.data.refresh, code: codes.next() });
    expectStandardError(used, 401, "UNAUTHORIZED");
  });

  it("throttles wrong codes like wrong passwords: the 6th answers 429 with Retry-After, even with the right code", async () => {
    const user = await registerUser("totp-throttle");
    const { codes } = await enrolTotp(user);
    const token = await challenge(user);
    for (let i = 0; i < 5; i++)
      expectStandardError(await second({ challenge: token, code: "000000" }), 401, "UNAUTHORIZED");
    const refused = await second({ challenge: token, code: codes.next() });
    expectStandardError(refused, 429, "RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another right password does not reopen the count.
    expectStandardError(await second({ challenge: await challenge(user), code: codes.next() }), 429, "RATE_LIMITED");
  });

  it("accepts each recovery code once", async () => {
    const user = await registerUser("totp-recovery");
    const { recovery } = await enrolTotp(user);
    const first = await second({ challenge: await challenge(user), recovery_code: recovery[0]!.toUpperCase() });
    expect(first.status).toBe(200);
    const reused = await second({ challenge: await challenge(user), recovery_code: recovery[0] });
    expectStandardError(reused, 401, "UNAUTHORIZED");
    const status = await call("GET", "/auth/two-factor", { token: user.access });
    expect(status.body.data.recovery_codes_left).toBe(9);
    expect(status.text).not.toContain(recovery[1]!);
  });

  it("removes the authenticator app only with a fresh second factor, and then signs in with the password alone", async () => {
    const user = await registerUser("totp-remove");
    const { codes } = await enrolTotp(user);
    const none = await call("POST", "/auth/two-factor/totp/remove", { token: user.access, body: {} });
    expectStandardError(none, 400, "VALIDATION_ERROR");
    const wrong = await call("POST", "/auth/two-factor/totp/remove", { token: user.access, body: { code: "123456" } });
    expectStandardError(wrong, 400, "VALIDATION_ERROR");
    expect(wrong.body.error.details.code).toBeDefined();
    const removed = await call("POST", "/auth/two-factor/totp/remove", {
      token: user.access,
      body: { code: codes.next() },
    });
    expect(removed.status).toBe(204);
    expect((await login(user)).status).toBe(200);
    const status = await call("GET", "/auth/two-factor", { token: user.access });
    expect(status.body.data).toMatchObject({ enabled: false, totp: false, recovery_codes_left: 0 });
  });

  it("blocks a member of an organization that requires two-factor until they enrol", async () => {
    const owner = await registerUser("tf-owner");
    const member = await registerUser("tf-member");
    const refusedOwner = await call("PUT", `/orgs/${owner.orgSlug}/security`, {
      token: owner.access,
      body: { require_two_factor: true },
    });
    expectStandardError(refusedOwner, 400, "VALIDATION_ERROR"); // the owner has no second factor yet
    await enrolTotp(owner);
    const added = await call("POST", `/orgs/${owner.orgSlug}/members`, {
      token: owner.access,
      body: { email: member.email, role: "member" },
    });
    expect(added.status).toBe(201);
    const set = await call("PUT", `/orgs/${owner.orgSlug}/security`, {
      token: owner.access,
      body: { require_two_factor: true },
    });
    expect(set.body.data).toEqual({ require_two_factor: true });

    const inOrg = { token: member.access, headers: { "x-org-slug": owner.orgSlug } };
    const blocked = await call("GET", "/cron-monitors", inOrg);
    expectStandardError(blocked, 403, "SECOND_FACTOR_ENROLMENT_REQUIRED");
    expect(blocked.body.error.message).toMatch(/enrol/);
    expectStandardError(
      await call("GET", `/orgs/${owner.orgSlug}/members`, { token: member.access }),
      403,
      "SECOND_FACTOR_ENROLMENT_REQUIRED",
    );
    // Their own organization does not require it.
    expect((await call("GET", "/cron-monitors", { token: member.access })).status).toBe(200);
    expect(
      (await call("GET", "/cron-monitors", { token: owner.access, headers: { "x-org-slug": owner.orgSlug } })).status,
    ).toBe(200);

    // The dashboard's face refuses the same way.
    const cookie = await dashboardCookie(baseUrl(), member.email, member.password);
    const dashboard = await trpcQuery(baseUrl(), "orgs.current", undefined, { cookie, "x-org-slug": owner.orgSlug });
    expect(dashboard.status).toBe(403);
    expect(dashboard.body.error.data).toMatchObject({ httpStatus: 403, appCode: "SECOND_FACTOR_ENROLMENT_REQUIRED" });

    await enrolTotp(member);
    expect((await call("GET", "/cron-monitors", inOrg)).status).toBe(200);
  });
});

describe("the dashboard's sign-in with a second factor", () => {
  const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  async function credentials(fields: Record<string, string>, cookie: string[] = []) {
    const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": address(),
        cookie: [...cookiesOf(csrf), ...cookie].join("; "),
      },
      body: new URLSearchParams({ csrfToken, ...fields, json: "true" }),
    });
    return { res, text: await res.text(), cookies: cookiesOf(res) };
  }

  it("opens no session on the password alone: it asks for the code, whose challenge stays in an HttpOnly cookie", async () => {
    const user = await registerUser("totp-dashboard");
    const { codes } = await enrolTotp(user);
    const first = await credentials({ email: user.email, password: user.password });
    expect(first.res.status).toBe(401);
    expect(JSON.parse(first.text).url).toMatch(/error=SecondFactorRequired/);
    expect(first.cookies.some((c) => c.startsWith("next-auth.session-token="))).toBe(false);
    const setCookie = first.res.headers.getSetCookie().find((c) => c.startsWith("lifeline_second_factor="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    const challenge = setCookie.split(";")[0]!;
    expect(first.text).not.toContain(challenge.split("=")[1]);

    const wrong = await credentials({ code: "000000" }, [challenge]);
    expect(wrong.cookies.some((c) => c.startsWith("next-auth.session-token="))).toBe(false);
    const second = await credentials({ code: codes.next() }, [challenge]);
    const session = second.cookies.find((c) => c.startsWith("next-auth.session-token="));
    expect(session).toBeDefined();
    const me = await trpcQuery(baseUrl(), "auth.me", undefined, { cookie: session! });
    expect(me.status).toBe(200);
    expect(me.body.result.data.data.email).toBe(user.email);
  });

  it("signs in with a security key: the form reads the key's options of the cookie's challenge and posts the key's answer", async () => {
    const user = await registerUser("key-dashboard");
    const key = softwareAuthenticator(baseUrl());
    const options = await call("POST", "/auth/two-factor/security-keys/options", { token: user.access });
    const registered = await call("POST", "/auth/two-factor/security-keys", {
      token: user.access,
      body: { challenge: options.body.data.challenge, name: "Key", response: key.register(options.body.data.options) },
    });
    expect(registered.status).toBe(201);
    const keyOptions = (cookie: string[]) =>
      fetch(`${baseUrl()}/api/auth/second-factor/security-key`, { headers: { cookie: cookie.join("; ") } });
    const none = await keyOptions([]);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");

    const first = await credentials({ email: user.email, password: user.password });
    expect(first.res.status).toBe(401);
    const challenge = first.cookies.find((c) => c.startsWith("lifeline_second_factor="))!;
    const read = await keyOptions([challenge]);
    expect(read.status).toBe(200);
    const { data } = (await read.json()) as { data: { challenge: string; allowCredentials: { id: string }[] } };
    expect(data.allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId })]);

    const junk = await credentials({ security_key: "{not json" }, [challenge]);
    expect(junk.cookies.some((c) => c.startsWith("next-auth.session-token="))).toBe(false);
    const signedIn = await credentials({ security_key: JSON.stringify(key.authenticate(data)) }, [challenge]);
    const session = signedIn.cookies.find((c) => c.startsWith("next-auth.session-token="));
    expect(session).toBeDefined();
    const me = await trpcQuery(baseUrl(), "auth.me", undefined, { cookie: session! });
    expect(me.body.result.data.data.email).toBe(user.email);
  });
});

describe("security keys (WebAuthn) as a second factor", () => {
  it("registers a software authenticator's key and signs in with it; a replayed assertion is refused", async () => {
    const user = await registerUser("webauthn");
    const key = softwareAuthenticator(baseUrl());
    const options = await call("POST", "/auth/two-factor/security-keys/options", { token: user.access });
    expect(options.status).toBe(200);
    expect(options.body.data.options.rp.id).toBe(new URL(baseUrl()).hostname);
    const registered = await call("POST", "/auth/two-factor/security-keys", {
      token: user.access,
      body: {
        challenge: options.body.data.challenge,
        name: "Desk key",
        response: key.register(options.body.data.options),
      },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.data).toMatchObject({ name: "Desk key", last_used_at: null });
    expect(registered.body.data.recovery_codes).toHaveLength(10);

    const res = await login(user);
    expectStandardError(res, 401, "SECOND_FACTOR_REQUIRED");
    expect(res.body.error.methods).toEqual(["security_key", "recovery_code"]);
    const keyOptions = res.body.error.security_key_options;
    expect(keyOptions.allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId })]);
    const assertion = key.authenticate(keyOptions);
    const signedIn = await second({ challenge: res.body.error.challenge, security_key: { response: assertion } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.email).toBe(user.email);

    // The same assertion answers no other sign-in (another challenge; the counter did not move).
    const other = await login(user);
    const replay = await second({ challenge: other.body.error.challenge, security_key: { response: assertion } });
    expectStandardError(replay, 401, "UNAUTHORIZED");

    // Removing the key needs a fresh factor: the key itself, over a fresh-factor challenge.
    const fresh = await call("POST", "/auth/two-factor/security-keys/challenge", { token: user.access });
    const removed = await call("POST", `/auth/two-factor/security-keys/${registered.body.data.id}/remove`, {
      token: user.access,
      body: {
        security_key: { challenge: fresh.body.data.challenge, response: key.authenticate(fresh.body.data.options) },
      },
    });
    expect(removed.status).toBe(204);
    expect((await login(user)).status).toBe(200);
  });
});

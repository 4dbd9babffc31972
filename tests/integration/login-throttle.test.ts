import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectStandardError, registerUser, type Answer } from "../support/http";
import { databaseEnv } from "../support/db";
import { startLifeline, type Lifeline } from "../support/lifeline";

// Login throttling is held in the database: after 5 failures for one account (or 20 from one
// address) within the window, attempts answer 429 with Retry-After, on the REST login and the
// dashboard sign-in alike, for unknown emails too (for clients that never signed in to the account:
// known devices are in login-devices.test.ts). Every test claims its own client address through
// X-Forwarded-For (a header only: all traffic stays on loopback; the test servers trust loopback as
// a proxy, TRUST_PROXY), so the counts of one test never reach another. A second Lifeline process
// on the same database, with an 8 s window, shows that the count is shared and that the owner can
// sign in once the window has passed.

let second: Lifeline;
beforeAll(async () => {
  second = await startLifeline({ ...databaseEnv(), AUTH_THROTTLE_WINDOW_SECONDS: "8", TRUST_PROXY: "127.0.0.1" });
}, 120_000);
afterAll(() => second?.stop());

/** A client address no other attempt in this file claimed (a random one collided now and then). */
let claimed = 0;
const address = () => {
  claimed += 1;
  if (claimed > 254) throw new Error("the file claims more client addresses than 198.51.100.0/24 holds");
  return `198.51.100.${claimed}`;
};
const login = (email: string, password: string, from: string, base?: string) =>
  call("POST", base ? `${base}/api/v1/auth/login` : "/auth/login", {
    body: { email, password },
    headers: { "x-forwarded-for": from },
  });

function expectThrottled(res: Answer, maxSeconds: number) {
  expectStandardError(res, 429, "RATE_LIMITED");
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe("REST login throttling", () => {
  it("answers 429 with Retry-After to the 6th wrong password of an account, and then even to the right one", async () => {
    const user = await registerUser("throttle-rest");
    for (let i = 1; i <= 5; i++)
      expectStandardError(await login(user.email, `wrong ${i}`, address()), 401, "UNAUTHORIZED");
    expectThrottled(await login(user.email, "wrong 6", address()), 900);
    expectThrottled(await login(user.email, user.password, address()), 900);
  });

  it("answers an unknown email exactly like a known one", async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.test`;
    for (let i = 1; i <= 5; i++) expectStandardError(await login(email, `wrong ${i}`, address()), 401, "UNAUTHORIZED");
    expectThrottled(await login(email, "wrong 6", address()), 900);
  });

  it("throttles one address that tries many accounts", async () => {
    const from = address();
    for (let i = 1; i <= 20; i++) {
      expectStandardError(
        await login(`spray-${i}-${crypto.randomUUID().slice(0, 6)}@example.test`, "guess", from),
        401,
        "UNAUTHORIZED",
      );
    }
    const user = await registerUser("throttle-spray");
    expectThrottled(await login(user.email, user.password, from), 900);
    expect((await login(user.email, user.password, address())).status).toBe(200); // from elsewhere the owner still gets in
  });

  it("shares the count between two processes, and lets the owner in after the window", async () => {
    const user = await registerUser("throttle-shared");
    const started = Date.now();
    // The window starts with the key's first failure, on the process that counts it (here the second,
    // with its 8 s window); the shared test server then counts into the same window.
    for (let i = 1; i <= 3; i++)
      expect((await login(user.email, `wrong ${i}`, address(), second.baseUrl)).status).toBe(401); // second process
    for (let i = 4; i <= 5; i++) expect((await login(user.email, `wrong ${i}`, address())).status).toBe(401); // shared test server
    expect(Date.now() - started).toBeLessThan(7000); // still inside the second process's 8 s window
    expectThrottled(await login(user.email, user.password, address(), second.baseUrl), 8);
    await new Promise((r) => setTimeout(r, Math.max(0, started + 8500 - Date.now())));
    const ok = await login(user.email, user.password, address(), second.baseUrl);
    expect(ok.status).toBe(200);
    expect(ok.body.data.access).toEqual(expect.any(String));
  });
});

describe("dashboard sign-in throttling", () => {
  async function dashboardSignIn(email: string, password: string, from: string) {
    const csrf = await fetch(`${second.baseUrl}/api/auth/csrf`, { headers: { "x-forwarded-for": from } });
    const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${second.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie,
        "x-forwarded-for": from,
        "x-auth-return-redirect": "1",
      },
      body: new URLSearchParams({ email, password, csrfToken, json: "true" }).toString(),
      redirect: "manual",
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body, text } as Answer;
  }

  it("counts REST and dashboard failures together and answers the dashboard with 429 and Retry-After", async () => {
    const user = await registerUser("throttle-dash");
    for (let i = 1; i <= 3; i++)
      expect((await login(user.email, `wrong ${i}`, address(), second.baseUrl)).status).toBe(401);
    for (let i = 4; i <= 5; i++)
      expect((await dashboardSignIn(user.email, `wrong ${i}`, address())).status).not.toBe(200);
    const refused = await dashboardSignIn(user.email, user.password, address());
    expectThrottled(refused, 8);
    expectThrottled(await login(user.email, user.password, address()), 900);
  });

  it("refuses an unknown email the same way on the dashboard", async () => {
    const email = `ghost-${crypto.randomUUID().slice(0, 8)}@example.test`;
    for (let i = 1; i <= 5; i++) expect((await dashboardSignIn(email, `wrong ${i}`, address())).status).not.toBe(200);
    expectThrottled(await dashboardSignIn(email, "wrong 6", address()), 8);
  });
});

describe("registration and password change throttling", () => {
  it("answers 429 after 10 failed registrations from one address", async () => {
    const taken = await registerUser("throttle-taken");
    const from = address();
    const register = () =>
      call("POST", "/auth/register", {
        body: { email: taken.email, password: "another good password" },
        headers: { "x-forwarded-for": from },
      });
    for (let i = 1; i <= 10; i++) expectStandardError(await register(), 400, "VALIDATION_ERROR");
    expectThrottled(await register(), 900);
  });

  it("answers 429 after 5 wrong current passwords", async () => {
    const user = await registerUser("throttle-password");
    const change = (current: string) =>
      call("POST", "/users/password", {
        token: user.access,
        body: { current_password: current, new_password: "a brand new password" },
      });
    for (let i = 1; i <= 5; i++) expectStandardError(await change(`wrong ${i}`), 400, "VALIDATION_ERROR");
    expectThrottled(await change(user.password), 900);
  });
});
